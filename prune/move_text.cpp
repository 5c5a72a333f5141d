#include "prune/move_text.hpp"

#include "core/dictionary/dictionary_graph.hpp"
#include "emit/dictionary_format.hpp"

namespace josekic::prune {

std::optional<std::optional<go::Point>> parse_move_point(std::string_view word) {
    // "tt" is the FF[3] pass; on a 19x19 board it is never a point, so it can share the slot.
    if (word.empty() || word == "tt" || word == "tenuki" || word == "pass")
        return std::optional<go::Point>{};
    if (const auto point = go::point_from_sgf(word)) return std::optional<go::Point>{*point};
    return std::nullopt;
}

std::string render_path(std::span<const go::Move> path, DictionaryKind kind) {
    return dictionary::format_line(path, emit::pass_text(kind));
}

}  // namespace josekic::prune
