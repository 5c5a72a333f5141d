#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace josekic::sgf {

/// Where one game tree of an SGF collection lies: from its '(' to one past the ')' that
/// closes it.
struct TreeSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// The spans of the game trees of an SGF collection, found by skipping over them without
/// reading them: values (and their escapes) are passed over, parentheses counted; a tree that
/// does not close ends the list. A shortcut to one game of a file of thousands. It knows none
/// of the parser's repairs (prose with parentheses before the first tree, an empty tree, a
/// missing '('), so it may number trees otherwise than read_games: the caller checks that
/// the game read there is the one it expects, and reads the whole file when it is not.
std::vector<TreeSpan> game_tree_spans(std::string_view text);

/// The bytes of the `n`th game tree (counted from 1), found as game_tree_spans finds them
/// but stopping there; nullopt when the text has no n-th tree that closes.
std::optional<std::string_view> nth_game_tree(std::string_view text, std::size_t n);

}  // namespace josekic::sgf
