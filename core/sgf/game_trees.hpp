#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace josekic::sgf {

/// The bytes of the `n`th game tree (counted from 1) of an SGF collection, from its '(' to
/// the ')' that closes it, found by skipping the trees before it without reading them:
/// values (and their escapes) are passed over, parentheses counted. A shortcut to one game
/// of a file of thousands; nullopt when the text has no n-th tree that closes. It knows none
/// of the parser's repairs (prose with parentheses before the first tree, an empty tree, a
/// missing '('), so it may number trees otherwise than read_games: the caller checks that
/// the game read there is the one it expects, and reads the whole file when it is not.
std::optional<std::string_view> nth_game_tree(std::string_view text, std::size_t n);

}  // namespace josekic::sgf
