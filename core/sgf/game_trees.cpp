#include "core/sgf/game_trees.hpp"

namespace josekic::sgf {

std::optional<std::string_view> nth_game_tree(std::string_view text, std::size_t n) {
    std::size_t trees = 0;
    std::size_t depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '[' && depth > 0) {
            // A value may hold any parenthesis; "\]" does not end it.
            for (++i; i < text.size() && text[i] != ']'; ++i)
                if (text[i] == '\\') ++i;
            if (i >= text.size()) return std::nullopt;
        } else if (c == '(') {
            if (depth++ == 0) {
                ++trees;
                start = i;
            }
        } else if (c == ')' && depth > 0) {
            if (--depth == 0 && trees == n) return text.substr(start, i + 1 - start);
        }
    }
    return std::nullopt;
}

}  // namespace josekic::sgf
