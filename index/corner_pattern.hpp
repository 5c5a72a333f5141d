#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/dictionary/node_stats.hpp"
#include "core/game/game_record.hpp"
#include "core/go/board.hpp"
#include "core/go/move.hpp"
#include "trackers/corner.hpp"

namespace josekic::index {

// A corner pattern is the exact content of the 7x7 points of a corner (empty, black, white)
// and the player to move, stored whole: 49 base-3 digits and one bit, 79 bits in 10 bytes,
// so that two patterns are one entry exactly when they are equal (no hash, no collision).
// Patterns are seen from the upper-right corner, as the joseki dictionary writes corners: a
// point of the region is (row, column) = (its distance from the top edge, from the right
// edge), both 0..6. A corner's pattern and its reflection in the corner's diagonal (row and
// column swapped) are one pattern: of the two, the smaller key is stored.

/// The side of a corner region, in points.
inline constexpr int kPatternSide = 7;
/// The points of a corner region.
inline constexpr int kPatternPoints = kPatternSide * kPatternSide;

__extension__ using PatternValue = unsigned __int128;

/// A canonical pattern: (base-3 number of the 49 points, 0 empty, 1 black, 2 white) * 2 + (1
/// when White is to move). The points of the first line are its most significant digits, then
/// those of the second line, and so on inwards (docs/index-format.md gives the order).
struct PatternKey {
    PatternValue value = 0;
    static constexpr std::size_t kSize = 10;
    friend constexpr auto operator<=>(const PatternKey&, const PatternKey&) = default;
    friend constexpr bool operator==(const PatternKey&, const PatternKey&) = default;
    /// The colour to move.
    go::Color to_move() const { return (value & 1U) != 0 ? go::Color::White : go::Color::Black; }
    /// The point (row * 7 + column) as 0 empty, 1 black, 2 white.
    int point(int index) const;
    /// The same pattern with the colours of the stones and of the player to move reversed.
    PatternKey colours_reversed() const;
    /// Stones in the pattern.
    int stone_count() const;
};

/// Where the next move of a game went, relative to a pattern: a point of the 8x8 square that
/// holds the region and the points next to it (row * 8 + column, in the pattern's frame), or
/// one of the codes below.
inline constexpr std::uint8_t kNextSquare = 8;
inline constexpr std::uint8_t kNextElsewhere = 64;  ///< a stone played farther away
inline constexpr std::uint8_t kNextPass = 65;       ///< a pass
inline constexpr std::uint8_t kNextNone = 66;       ///< the game (or its legal moves) ended
inline constexpr std::uint8_t kNextCodes = 67;

/// The name of a next-move code that is not a point: "elsewhere", "pass", "end".
std::string_view next_name(std::uint8_t code);

/// A corner's pattern as read from a board, with the frame it was read in.
struct CornerPattern {
    PatternKey key;
    trackers::Corner corner = trackers::Corner::UpperRight;
    /// Whether the stored key is the reflection of the corner as the board shows it.
    bool reflected = false;
    /// Whether the pattern equals its reflection (a next move is then stored in one half).
    bool symmetric = false;
};

/// The corner whose region holds `p`, if any (the four regions are disjoint).
std::optional<trackers::Corner> pattern_corner(go::Point p);

/// The pattern of `corner` on `board` with `to_move` to play; nullopt when the region is
/// empty (empty corners are not patterns).
std::optional<CornerPattern> read_pattern(const go::Board& board, trackers::Corner corner,
                                          go::Color to_move);

/// The next-move code of `move` for `pattern` (kNextSquare x kNextSquare points, elsewhere,
/// pass; kNextNone is the caller's).
std::uint8_t next_code(const CornerPattern& pattern, const go::Move& move);
/// The point of the board a next-move code (below kNextElsewhere) stands for, seen in the
/// frame of `pattern` (its corner, its reflection).
go::Point next_point(const CornerPattern& pattern, std::uint8_t code);

/// One pattern a game made: after move `move_number` (1-based) the corner showed key(). The
/// key is kept as two words (16 bytes in all, not 32 with a 128-bit member): a compile holds
/// the patterns of the games in flight between its threads.
struct PatternEvent {
    std::uint64_t key_low = 0;
    std::uint16_t key_high = 0;
    std::uint16_t move_number = 0;
    std::uint8_t next = kNextNone;
    /// The game's outcome for the player to move.
    dictionary::LineOutcome outcome = dictionary::LineOutcome::Unknown;

    PatternKey key() const { return PatternKey{(PatternValue{key_high} << 64) | key_low}; }
    void set_key(PatternKey key) {
        key_low = static_cast<std::uint64_t>(key.value);
        key_high = static_cast<std::uint16_t>(key.value >> 64);
    }
};

/// The patterns of a game: after each of its first `legal_moves` moves (at most 65,535), each
/// corner whose region that move changed (a stone played or captured there) and that is not
/// empty, with the move played next. Setup stones are on the board from the start.
std::vector<PatternEvent> game_patterns(const game::GameRecord& record, std::size_t legal_moves);

}  // namespace josekic::index
