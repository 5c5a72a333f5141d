#include "core/input/file_kinds.hpp"

#include <array>

namespace josekic::input {

namespace {
bool ends_with_ignoring_case(std::string_view name, std::string_view suffix) {
    if (name.size() < suffix.size()) return false;
    const std::string_view tail = name.substr(name.size() - suffix.size());
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        char c = tail[i];
        // ASCII-only folding on purpose: locale-dependent tolower would make the set of
        // files read depend on the user's environment.
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != suffix[i]) return false;
    }
    return true;
}
}  // namespace

FileKind classify_name(std::string_view name) {
    constexpr std::array<std::string_view, 2> game_suffixes = {".sgf", ".mgt"};
    constexpr std::array<std::string_view, 6> archive_suffixes = {".zip", ".tar",     ".tar.gz",
                                                                  ".tgz", ".tar.bz2", ".tar.xz"};
    for (std::string_view s : game_suffixes) {
        if (ends_with_ignoring_case(name, s)) return FileKind::GameRecord;
    }
    for (std::string_view s : archive_suffixes) {
        if (ends_with_ignoring_case(name, s)) return FileKind::Archive;
    }
    return FileKind::Other;
}

}  // namespace josekic::input
