#include "core/sgf/game_trees.hpp"

namespace josekic::sgf {

namespace {

// Calls `found(span)` for each game tree of `text` in order, until it returns false.
template <typename Found>
void scan_game_trees(std::string_view text, Found found) {
    std::size_t depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '[' && depth > 0) {
            // A value may hold any parenthesis; "\]" does not end it.
            for (++i; i < text.size() && text[i] != ']'; ++i)
                if (text[i] == '\\') ++i;
            if (i >= text.size()) return;
        } else if (c == '(') {
            if (depth++ == 0) start = i;
        } else if (c == ')' && depth > 0) {
            if (--depth == 0 && !found(TreeSpan{start, i + 1})) return;
        }
    }
}

}  // namespace

std::vector<TreeSpan> game_tree_spans(std::string_view text) {
    std::vector<TreeSpan> spans;
    scan_game_trees(text, [&](TreeSpan span) {
        spans.push_back(span);
        return true;
    });
    return spans;
}

std::optional<std::string_view> nth_game_tree(std::string_view text, std::size_t n) {
    std::optional<std::string_view> tree;
    if (n == 0) return tree;
    std::size_t seen = 0;
    scan_game_trees(text, [&](TreeSpan span) {
        if (++seen < n) return true;
        tree = text.substr(span.begin, span.end - span.begin);
        return false;
    });
    return tree;
}

}  // namespace josekic::sgf
