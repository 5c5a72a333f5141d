#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/go/color.hpp"
#include "compiler/go/move.hpp"
#include "compiler/go/point.hpp"

namespace josekic::go {

/// What a point of the board holds.
enum class Stone : std::uint8_t { Empty, Black, White };

constexpr Stone stone_of(Color c) { return c == Color::Black ? Stone::Black : Stone::White; }

/// Whether a move could be played, and if not, why.
enum class MoveVerdict : std::uint8_t {
    Legal,        ///< played (captures done)
    Occupied,     ///< the point already holds a stone; the board is unchanged
    Suicide,      ///< the stone would have no liberty and captures nothing; unchanged
    KoRecapture,  ///< retakes a ko at once; unchanged
};

std::string_view describe(MoveVerdict v);

/// A 19x19 Go board with captures, simple ko and an incrementally kept Zobrist hash of the
/// stones on it (see zobrist.hpp). It knows nothing of game records: replay.hpp drives it.
class Board {
public:
    Board() = default;

    Stone at(Point p) const { return points_[p.index()]; }

    /// Puts a setup stone (SGF AB/AW) without capturing anything; replaces what was there.
    void place_setup(Color c, Point p);
    /// Empties a point (SGF AE).
    void clear(Point p);

    /// Plays `m` if it is legal; a pass always is (and lifts the ko ban). On any verdict but
    /// Legal the board is left as it was.
    MoveVerdict play(const Move& m);

    /// Number of stones the last legal move captured.
    int last_captures() const { return last_captures_; }

    /// XOR of zobrist_key() over every stone on the board.
    std::uint64_t hash() const { return hash_; }
    /// The same hash computed from scratch, for tests of the incremental one.
    std::uint64_t hash_from_scratch() const;

    int stone_count() const { return stone_count_; }

    /// Reads a diagram of 19 lines of 19 characters ('.' empty, 'X' black, 'O' white;
    /// spaces are ignored), top line first. For tests.
    static Board from_diagram(std::string_view diagram);
    /// The inverse of from_diagram: 19 lines of 19 characters, each ended by '\n'.
    std::string to_diagram() const;

private:
    // Internals work on point indices (Point::index()): replay calls them for every move of
    // every game, and converting back and forth costs a division each time.
    void put(int point, Stone s);
    void remove(int point);
    /// Removes the group at `point` if it has no liberty; returns the number of stones removed.
    /// The caller has seen that the stone at `point` touches no empty point.
    int capture_if_dead(int point);
    bool has_liberty(int point) const;

    std::array<Stone, kNumPoints> points_{};
    /// The point the player `ko_banned_` may not play at once (a ko just taken), if any.
    std::optional<Point> ko_ban_;
    Color ko_banned_ = Color::Black;
    std::uint64_t hash_ = 0;
    int stone_count_ = 0;
    int last_captures_ = 0;
};

}  // namespace josekic::go
