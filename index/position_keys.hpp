#pragma once

#include <cstddef>
#include <cstdint>
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
    /// The position reached, exactly and up to symmetry: the canonical form with its ko
    /// point (dictionary::append_canonical_form_with_ko). Two positions are the same exactly
    /// when these are equal: what tells apart the rare positions whose keys agree.
    std::vector<std::uint16_t> exact_form() const;

  private:
    /// The ko point of the position as the index keys it: the board's, in a fuseki tree,
    /// after a move played as it stands.
    std::optional<go::Point> ko() const;

    dictionary::PositionTracker tracker_;
    Tree tree_;
    dictionary::ReplayStep last_step_ = dictionary::ReplayStep::Played;
};

/// The keyers of a depth-first walk of a tree of moves, one per open branch. A keyer holds a
/// board, so copying one per node would cost more than the keys: a child plays its move on a
/// copy of its parent's keyer, except the last child entered, which takes the parent's own
/// (the parent needs it no more). Along a single-line tail, which most nodes are, nothing is
/// copied.
class PositionWalk {
  public:
    using Slot = std::size_t;

    explicit PositionWalk(Tree tree);
    /// The keyer of the empty position.
    Slot root() const { return 0; }
    /// The keyer of a child reached by `move` from the node whose keyer is `parent`; `last`:
    /// the parent's last child to be entered (its keyer is then taken, not copied).
    Slot enter(Slot parent, bool last, const go::Move& move);
    std::uint64_t key(Slot slot) const { return slots_[slot].key(); }
    /// Frees the keyer of a node without children, for the next copy.
    void release(Slot slot) { free_.push_back(slot); }

  private:
    std::vector<PositionKeyer> slots_;
    std::vector<Slot> free_;
};

}  // namespace josekic::index
