#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <span>
#include <vector>

#include "core/go/board.hpp"
#include "core/go/color.hpp"
#include "core/go/move.hpp"
#include "core/go/symmetry.hpp"
#include "core/go/zobrist.hpp"

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
        return key_at(c, static_cast<std::size_t>(p.index()));
    }
    /// key() by the point's row-major index.
    go::Hash128 key_at(go::Color c, std::size_t index) const {
        const auto colour = static_cast<std::size_t>(c);
        return go::Hash128{(*high)[colour][index], (*low)[colour][index]};
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
/// Whether a PositionTracker keeps its keys up to date. A walk that needs only the stones
/// (verifying transpositions) skips the eight key updates per move.
enum class KeyUpdates : std::uint8_t { On, Off };

class PositionTracker {
  public:
    explicit PositionTracker(const PositionKeyTables& tables = kDefaultPositionKeys,
                             KeyUpdates keys = KeyUpdates::On);

    /// Plays `m` (a pass only hands over the turn). The tables must outlive the tracker.
    ReplayStep play(const go::Move& m);

    /// The hash of the image of this position under `s` (stones mapped by s, same player to
    /// move). The key accessors need KeyUpdates::On.
    go::Hash128 image_key(go::Symmetry s) const;
    /// The smallest of the 8 image keys: equal for a position and all its symmetric images.
    go::Hash128 canonical_key() const;
    /// The first symmetry (in kAllSymmetries order) whose image key is canonical_key().
    go::Symmetry canonical_symmetry() const;

    /// canonical_symmetry() and whether it is the only symmetry whose image key is
    /// canonical_key() (false for positions that are their own images, like the empty
    /// board, and for forged tables that make images collide).
    struct CanonicalChoice {
        go::Symmetry symmetry = go::Symmetry::Identity;
        bool unique = true;
        /// canonical_key(): the image key under `symmetry`.
        go::Hash128 key;
    };
    /// canonical_symmetry() with its uniqueness: one pass over the keys' high halves, a
    /// second over the whole keys only when high halves tie.
    CanonicalChoice canonical_choice() const;

    const go::Board& board() const { return board_; }
    go::Color to_move() const { return to_move_; }

  private:
    void rehash();

    go::Board board_;
    std::array<go::Hash128, 8> images_{};  // stones only, indexed like kAllSymmetries
    go::Color to_move_ = go::Color::Black;
    const PositionKeyTables* tables_;
    KeyUpdates keys_;  // Off: images_ are stale and the key accessors meaningless
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

/// The same position up to symmetry, compactly: appends to `out` the player to move
/// (0 Black, 1 White) followed by the stones as point index * 2 + (1 for White), sorted,
/// of the symmetric image whose list is smallest. Two positions are equal up to symmetry
/// exactly when their forms are equal (a form is a few dozen values where CanonicalStones
/// is 362 bytes; transposition classes keep one per node with a shared key).
void append_canonical_form(const go::Board& board, go::Color to_move,
                           std::vector<std::uint16_t>& out);

/// The image of a position under one symmetry, compactly: appends 2 + the player to move
/// (2 Black, 3 White) followed by the stones (point index * 2 + 1 for White) of the image
/// under `s`, sorted. `stones` holds each point at most once, as on a board (a point given
/// twice is written once). Cheaper than append_canonical_form (one image instead of 8), and just
/// as exact for positions whose canonical symmetry is unique (CanonicalChoice::unique): two
/// such positions are equal up to symmetry exactly when their images under their own
/// canonical symmetries are equal. The leading value keeps these forms apart from
/// append_canonical_form's (which start with 0 or 1).
void append_image_form(std::span<const std::uint16_t> stones, go::Symmetry s, go::Color to_move,
                       std::vector<std::uint16_t>& out);
/// append_image_form of a board's stones.
void append_image_form(const go::Board& board, go::Symmetry s, go::Color to_move,
                       std::vector<std::uint16_t>& out);

/// append_canonical_form with a ko point (as a rule go::Board::ko_point): the symmetric image
/// chosen is the smallest by its stones and then by the image of `ko`, whose index
/// (go::kNumPoints for none) follows the stones. Two positions are equal up to symmetry,
/// ko included, exactly when these forms are equal.
void append_canonical_form_with_ko(const go::Board& board, go::Color to_move,
                                   std::optional<go::Point> ko, std::vector<std::uint16_t>& out);

/// append_canonical_form of the position whose stones are `stones` (point index * 2 + 1
/// for White, in any order; the span is reordered), without a board: for a line that
/// captured nothing, its stones are its moves.
void append_canonical_form(std::span<std::uint16_t> stones, go::Color to_move,
                           std::vector<std::uint16_t>& out);

}  // namespace josekic::dictionary
