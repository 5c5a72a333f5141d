#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/dictionary/position_index.hpp"
#include "core/dictionary/trie.hpp"
#include "core/go/move.hpp"
#include "index/index_format.hpp"

namespace josekic::index {

/// The 64-bit canonical key of a position as the index keys it, kept up to date move by
/// move: the stones (with captures) and the player to move up to the 8 symmetries, as
/// dictionary::PositionTracker computes them (the low half of its canonical 128-bit key),
/// and, for fuseki, the ko point of the canonical image. A joseki line is already
/// normalised, so the key of its corner stones is taken as the trie holds them.
class PositionKeyer {
  public:
    explicit PositionKeyer(Tree tree);

    /// Plays `move` on the position (an illegal move is forced, as PositionTracker does).
    void play(const go::Move& move);
    /// The key of the position reached.
    std::uint64_t key() const;
    /// The position reached, exactly and up to symmetry: the player to move, the stones
    /// (point index * 2, + 1 for White) of the smallest symmetric image, and its ko point
    /// (go::kNumPoints for none). Two positions are the same exactly when these are equal:
    /// what tells apart the rare positions whose keys agree.
    std::vector<std::uint16_t> exact_form() const;

  private:
    dictionary::PositionTracker tracker_;
    Tree tree_;
    std::optional<go::Point> ko_;  // the point the player to move may not retake at once
};

/// Calls `found(node, key)` with the key of every node of `trie`, in one walk of the tree.
void for_each_position_key(const dictionary::Trie& trie, Tree tree,
                           const std::function<void(dictionary::NodeId, std::uint64_t)>& found);

}  // namespace josekic::index
