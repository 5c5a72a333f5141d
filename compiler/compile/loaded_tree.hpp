#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "index/index_lines.hpp"
#include "index/index_reader.hpp"

namespace josekic::compile {

/// Marks an index game number that is no kept game of the part (game_numbers_by_index).
inline constexpr dictionary::GameId kNotKept = 0xFFFFFFFFU;

/// For each game number of `index` (its game table, most recent game first), the game's
/// place among the kept games in the order its compile added them (the merge game numbers
/// section read backwards), or kNotKept. Throws IndexError when the section is damaged.
std::vector<dictionary::GameId> game_numbers_by_index(const index::IndexFile& index);

/// Makes `trie`, which holds its root only, the tree `tree` of `index` node for node, with
/// the statistics its lines give each node and the games it lists (the first of its lines'
/// games: an index numbers games in the order a trie lists them), and appends those lines to
/// `lines` in preorder of their end nodes: each node's id is its place in the index's preorder,
/// each line's game is `game_of` its game number, and colours_swapped is false (the index does not
/// keep it; the game's corner sequences say it when the game is added: DictionaryBuilder). This
/// reads the tree once, in order, where adding the part's games again walks every line from the
/// root. Throws IndexError, naming the file, for records that do not nest or count up.
void load_tree(const index::IndexFile& index, index::Tree tree,
               std::span<const dictionary::GameId> game_of, dictionary::Trie& trie,
               index::LineLog& lines);

}  // namespace josekic::compile
