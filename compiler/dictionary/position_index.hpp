#pragma once

#include <array>
#include <compare>
#include <cstdint>

#include "compiler/go/board.hpp"
#include "compiler/go/color.hpp"
#include "compiler/go/move.hpp"
#include "compiler/go/symmetry.hpp"
#include "compiler/go/zobrist.hpp"

namespace josekic::dictionary {

/// The key tables of 128-bit position keys. The defaults are go::kZobristKeys (low half)
/// and go::kZobristKeysHigh (high half), so a stone's key is go::zobrist_key128. Tests
/// forge tables (for example all zero) to make different positions collide on purpose.
struct PositionKeyTables {
    const go::detail::ZobristTable* low = &go::kZobristKeys;
    const go::detail::ZobristTable* high = &go::kZobristKeysHigh;
    /// XORed into the key when White is to move.
    go::Hash128 white_to_move{0x5768697465546F4DULL, 0x6F76655F6A6F7365ULL};  // "WhiteToMove_jose"

    go::Hash128 key(go::Color c, go::Point p) const {
        const int colour = static_cast<int>(c);
        return go::Hash128{(*high)[colour][p.index()], (*low)[colour][p.index()]};
    }
};

/// The default tables, shared.
inline const PositionKeyTables kDefaultPositionKeys{};

/// How a move of a line went when replayed on its own board.
enum class ReplayStep : std::uint8_t {
    Played,  ///< legal, played with captures
    Forced,  ///< illegal on this board (a joseki line without the rest of the game can
             ///< retake a ko or fill a point emptied by captures elsewhere): the point is
             ///< emptied / the ko ban lifted / the stone set without captures, so the line
             ///< still has a position
};

/// A position as the transposition index sees it: the stones on the board after a line's
/// moves (with captures) and the player to move, with the 128-bit hash of each of its 8
/// symmetric images kept incrementally. Copying one is cheap (a board and 8 keys), so a
/// depth-first walk keeps one per depth.
///
/// The player to move is part of the position on purpose: a tenuki (pass) node has its
/// parent's stones, and without it every tenuki would be a "transposition" of its parent.
class PositionTracker {
public:
    explicit PositionTracker(const PositionKeyTables& tables = kDefaultPositionKeys);

    /// Plays `m` (a pass only hands over the turn). The tables must outlive the tracker.
    ReplayStep play(const go::Move& m);

    /// The hash of the image of this position under `s` (stones mapped by s, same player to move).
    go::Hash128 image_key(go::Symmetry s) const;
    /// The smallest of the 8 image keys: equal for a position and all its symmetric images.
    go::Hash128 canonical_key() const;
    /// The first symmetry (in kAllSymmetries order) whose image key is canonical_key().
    go::Symmetry canonical_symmetry() const;

    const go::Board& board() const { return board_; }
    go::Color to_move() const { return to_move_; }

private:
    void rehash();

    go::Board board_;
    std::array<go::Hash128, 8> images_{};  // stones only, indexed like kAllSymmetries
    go::Color to_move_ = go::Color::Black;
    const PositionKeyTables* tables_;
};

/// A position up to symmetry, exactly: the smallest of the 8 images of the board (compared
/// point by point, row-major) and the player to move. Used to verify that nodes with equal
/// keys really hold the same position.
struct CanonicalStones {
    std::array<go::Stone, go::kNumPoints> points{};
    go::Color to_move = go::Color::Black;
    friend bool operator==(const CanonicalStones&, const CanonicalStones&) = default;
    friend auto operator<=>(const CanonicalStones&, const CanonicalStones&) = default;
};

/// The exact canonical form of a board with a player to move.
CanonicalStones canonical_stones(const go::Board& board, go::Color to_move);

}  // namespace josekic::dictionary
