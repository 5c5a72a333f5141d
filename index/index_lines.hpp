#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "core/dictionary/game_table.hpp"
#include "core/dictionary/trie.hpp"

namespace josekic::index {

/// One line inserted into a trie, as the index keeps it: where it ended, which game it came
/// from, how that game went for the line's first player, who played which colour, and (joseki)
/// where the game move numbers of its moves begin in the tree's log of them (line_moves.hpp).
/// The trie itself keeps only a few games per node; the index keeps all.
struct IndexedLine {
    dictionary::NodeId end = dictionary::kNoNode;
    dictionary::GameId game = 0;
    dictionary::LineOutcome outcome = dictionary::LineOutcome::Unknown;
    /// Whether normalisation swapped the colours (the line's Black was White in the game),
    /// so that the player of each move can be found (joseki; never for fuseki).
    bool colours_swapped = false;
    /// The game's year as the index stores it (indexed_year), so that the index writer never
    /// looks the game up. In what would be padding: a line still takes 16 bytes.
    std::int16_t year = 0;
    std::uint32_t move_numbers = 0;
};

/// A game's year as the index stores it, in its games and its lines: 0 when unknown. Throws
/// std::out_of_range when it does not fit (NodeStats::checked_year), as a trie's insert of
/// the game's lines already would.
inline std::int16_t indexed_year(std::optional<int> year) {
    return dictionary::NodeStats::checked_year(year).value_or(0);
}

/// Every line of one trie: in insertion order as a trie is built, then grouped by the node
/// where each line ends (group_by_end).
using LineLog = std::vector<IndexedLine>;

/// Sorts `lines` by end node, then game, then move numbers: the index writer reads a node's
/// lines together, in place, so that it never holds a copy of a large tree's log.
inline void group_by_end(LineLog& lines) {
    std::sort(lines.begin(), lines.end(), [](const IndexedLine& a, const IndexedLine& b) {
        return std::tie(a.end, a.game, a.move_numbers) < std::tie(b.end, b.game, b.move_numbers);
    });
}

}  // namespace josekic::index
