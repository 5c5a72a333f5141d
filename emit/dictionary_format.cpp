#include "emit/dictionary_format.hpp"

namespace josekic::emit {

std::string_view kind_name(DictionaryKind kind) {
    return kind == DictionaryKind::Fuseki ? "fuseki" : "joseki";
}

std::string_view pass_text(DictionaryKind kind) {
    return kind == DictionaryKind::Fuseki ? "pass" : "tenuki";
}

std::optional<DictionaryKind> kind_from_name(std::string_view name) {
    if (name == "joseki") return DictionaryKind::Joseki;
    if (name == "fuseki") return DictionaryKind::Fuseki;
    return std::nullopt;
}

}  // namespace josekic::emit
