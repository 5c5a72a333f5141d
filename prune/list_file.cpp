#include "prune/list_file.hpp"

#include <fstream>
#include <iterator>
#include <string>

#include "prune/viewer_marks.hpp"

namespace josekic::prune {

bool looks_like_sgf(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    for (const char c : text) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') continue;
        return c == '(';
    }
    return false;
}

std::optional<PruneList> parse_any_prune_list(std::string_view text, std::string_view path,
                                              diag::DiagnosticSink& sink) {
    if (looks_like_sgf(text)) return parse_viewer_marks(text, path, sink);
    return parse_prune_list(text, path, sink);
}

std::optional<PruneList> read_prune_list(const std::filesystem::path& file,
                                         diag::DiagnosticSink& sink) {
    std::ifstream in(file, std::ios::binary);
    if (!in.is_open()) {
        sink.error(file.string(), {}, "prune-io", "cannot open the prune list");
        return std::nullopt;
    }
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (in.bad()) {
        sink.error(file.string(), {}, "prune-io", "cannot read the prune list");
        return std::nullopt;
    }
    return parse_any_prune_list(text, file.string(), sink);
}

std::optional<std::vector<PruneList>> read_prune_lists(const std::vector<std::string>& files,
                                                       diag::DiagnosticSink& sink) {
    std::vector<PruneList> lists;
    bool failed = false;
    for (const std::string& file : files) {
        std::optional<PruneList> list = read_prune_list(file, sink);
        if (list)
            lists.push_back(std::move(*list));
        else
            failed = true;
    }
    if (failed) return std::nullopt;
    return lists;
}

}  // namespace josekic::prune
