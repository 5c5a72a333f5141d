#pragma once

#include <cstdint>
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
    std::uint32_t move_numbers = 0;
};

/// Every line of one trie, in insertion order.
using LineLog = std::vector<IndexedLine>;

}  // namespace josekic::index
