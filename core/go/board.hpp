#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/go/color.hpp"
#include "core/go/move.hpp"
#include "core/go/point.hpp"

namespace josekic::go {

/// What a point of the board holds.
enum class Stone : std::uint8_t { Empty, Black, White };

constexpr Stone stone_of(Color c) {
    return c == Color::Black ? Stone::Black : Stone::White;
}

/// Whether a move could be played, and if not, why.
enum class MoveVerdict : std::uint8_t {
    Legal,        ///< played (captures done)
    Occupied,     ///< the point already holds a stone; the board is unchanged
    Suicide,      ///< the stone would have no liberty and captures nothing; unchanged
    KoRecapture,  ///< retakes a ko at once; unchanged
};

std::string_view describe(MoveVerdict v);

/// A 19x19 Go board with captures, simple ko and the Zobrist hash of the stones on it (see
/// zobrist.hpp). It knows nothing of game records: replay.hpp drives it.
///
/// Inside, the board is Fuego's padded layout: 21x21 cells, the 19x19 points framed by a
/// one-cell border (#), so the neighbours of cell c are c-21, c-1, c+1 and c+21 on every
/// point, with no test for the edge:
///
///     cell    0: # # # ... # #      cell of point (x, y) = (y + 1) * 21 + (x + 1)
///     cell   21: # aa ba ... sa #   aa is cell 22, sa is cell 40
///                  ...
///     cell  399: # as bs ... ss #   ss is cell 418
///     cell  420: # # # ... # #      (440 is the last cell)
///
/// Stones are kept in chains (the stones of one group, a circular list through each
/// stone, one head cell naming the chain) with a count of pseudo-liberties: the number of
/// (stone, empty neighbour) pairs, which is 0 exactly when the chain has no liberty. A move
/// then needs no flood fill: it subtracts one from each neighbouring chain and captures
/// those that reach 0.
class Board {
  public:
    Board() = default;

    /// What the point holds.
    Stone at(Point p) const { return static_cast<Stone>(cells_[cell_of(p)]); }

    /// Puts a setup stone (SGF AB/AW) without capturing anything; replaces what was there.
    void place_setup(Color c, Point p);
    /// Empties a point (SGF AE).
    void clear(Point p);

    /// Plays `m` if it is legal; a pass always is (and lifts the ko ban). On any verdict but
    /// Legal the board is left as it was.
    MoveVerdict play(const Move& m);

    /// How play_line() went.
    struct LineResult {
        std::size_t played = 0;                       ///< moves played, all legal
        MoveVerdict stopped_by = MoveVerdict::Legal;  ///< the verdict on moves[played], if any
    };
    /// Plays `moves` in order up to the first that is not legal, which is refused as play()
    /// refuses it and ends the line. The same as calling play() on each, only cheaper: the
    /// replay of every game runs through here.
    LineResult play_line(std::span<const Move> moves);

    /// The point of a ko just taken: the last move captured one stone with a lone stone whose
    /// only liberty is now that point, which its opponent may not retake at once
    /// (ko_banned()). nullopt when there is none (after any other move, a pass or a setup).
    /// Part of a position's state: two boards with the same stones and different ko points
    /// are different positions.
    std::optional<Point> ko_point() const {
        if (ko_cell_ == 0) return std::nullopt;
        return Point{static_cast<std::uint8_t>(ko_cell_ % kWidth - 1),
                     static_cast<std::uint8_t>(ko_cell_ / kWidth - 1)};
    }
    /// The player ko_point() bans, when there is one.
    Color ko_banned() const { return ko_banned_; }

    /// Number of stones the last legal move captured.
    int last_captures() const { return last_captures_; }
    /// The points (as Point::index()) of the stones the last legal move captured, all of the
    /// mover's opponent, in no particular order; last_captures() of them, none after a pass
    /// or a move that took nothing. Valid until the board next changes.
    std::span<const std::uint16_t> last_captured_points() const {
        return {captured_.data(), static_cast<std::size_t>(last_captures_)};
    }

    /// XOR of zobrist_key() over every stone on the board. Computed from the 361 points on
    /// each call: nothing in the compiler asks for it per move (the transposition graph
    /// keeps its own keys), so play() does not keep it up to date.
    std::uint64_t hash() const;

    /// The number of stones on the board, counted on each call like hash().
    int stone_count() const;

    /// Reads a diagram of 19 lines of 19 characters ('.' empty, 'X' black, 'O' white;
    /// spaces are ignored), top line first. For tests.
    static Board from_diagram(std::string_view diagram);
    /// The inverse of from_diagram: 19 lines of 19 characters, each ended by '\n'.
    std::string to_diagram() const;

    /// Cells per row of the padded layout, and cells in all.
    static constexpr int kWidth = kBoardSize + 2;
    static constexpr int kNumCells = kWidth * kWidth;
    /// The cell of a point in the padded layout: (y + 1) * 21 + (x + 1), written from
    /// p.index() so that loops over Point::from_index(i) need no x and y.
    static constexpr int cell_of(Point p) { return p.index() + 2 * p.y + kWidth + 1; }

  private:
    /// What a cell holds: the values of Stone, and kEdge for the border.
    enum Cell : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kEdge = 3 };
    using CellIndex = std::uint16_t;

    /// The cells of the empty board.
    static const std::array<Cell, kNumCells> kEmptyCells;

    /// The body of play(), defined in board.cpp only (and used there only), so that
    /// play_line() can inline it into its loop.
    inline MoveVerdict play_move(const Move& m);
    /// Puts a stone on an empty cell, with its chain, without capturing anything.
    void add_stone(int cell, Cell colour);
    /// What join_chain() found: the head of the new stone's chain, its empty neighbours,
    /// and whether an enemy chain next to it lost its last pseudo-liberty.
    struct Joined {
        int head;
        int empties;
        bool enemy_without_liberty;
    };
    /// Gives the stone of colour `own` just put on `cell` its chain: neighbouring chains
    /// lose a pseudo-liberty, friendly ones are merged with it. Captures nothing.
    inline Joined join_chain(int cell, Cell own);
    /// Merges the chains headed at `a` and `b`; returns the head of the union.
    int merge(int a, int b);
    /// Takes back a stone just played on `cell` that turned out to be a suicide (it
    /// captured nothing and its chain has no liberty).
    void undo_suicide(int cell);
    /// Takes the chain headed at `head` off the board, appending its points to captured_.
    void capture_chain(int head);
    /// Rebuilds every chain from the cells, after a stone left the board other than by
    /// capture (a chain may have split).
    void rebuild_chains();

    std::array<Cell, kNumCells> cells_ = kEmptyCells;
    /// For each stone, the head cell of its chain; at a head, the chain's pseudo-liberties
    /// and stones; for each stone, the next stone of its chain (a circular list).
    std::array<CellIndex, kNumCells> chain_{};
    std::array<CellIndex, kNumCells> liberties_{};
    std::array<CellIndex, kNumCells> size_{};
    std::array<CellIndex, kNumCells> next_{};
    /// The points of last_captured_points().
    std::array<std::uint16_t, kNumPoints> captured_{};
    /// The cell the player `ko_banned_` may not play at once (a ko just taken); 0 (a border
    /// cell) when there is none.
    int ko_cell_ = 0;
    Color ko_banned_ = Color::Black;
    int last_captures_ = 0;
};

}  // namespace josekic::go
