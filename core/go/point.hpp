#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::go {

/// Edge length of the board. josekic compiles 19x19 games only.
inline constexpr int kBoardSize = 19;
inline constexpr int kNumPoints = kBoardSize * kBoardSize;
inline constexpr int kLastLine = kBoardSize - 1;

/// A point of the 19x19 board in SGF orientation, 0-based:
///
///        x=0 (a) ........ x=18 (s)
///   y=0  aa                sa      <- top edge
///   ...
///   y=18 as                ss      <- bottom edge
///
/// so SGF "pd" is x=15, y=3: the upper-right 4-4 point. The ordering (x, then y) is the
/// fixed tie-break key used wherever output must not depend on input order.
struct Point {
    std::uint8_t x = 0;
    std::uint8_t y = 0;

    /// Row-major index 0..360, y * 19 + x.
    constexpr int index() const { return y * kBoardSize + x; }
    static constexpr Point from_index(int i) {
        return Point{static_cast<std::uint8_t>(i % kBoardSize),
                     static_cast<std::uint8_t>(i / kBoardSize)};
    }
    friend constexpr bool operator==(Point, Point) = default;
    friend constexpr auto operator<=>(Point, Point) = default;
};

/// True when (x, y) lies on the 19x19 board.
constexpr bool on_board(int x, int y) {
    return x >= 0 && y >= 0 && x < kBoardSize && y < kBoardSize;
}

/// The two SGF letters of a point, e.g. "pd".
inline std::string to_sgf(Point p) {
    return std::string{static_cast<char>('a' + p.x), static_cast<char>('a' + p.y)};
}

/// Parses two SGF letters of a point on the 19x19 board; nullopt for anything else
/// (including "tt", which callers treat as a pass where the format allows it).
constexpr std::optional<Point> point_from_sgf(std::string_view s) {
    if (s.size() != 2) return std::nullopt;
    const int x = s[0] - 'a';
    const int y = s[1] - 'a';
    if (!on_board(x, y)) return std::nullopt;
    return Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
}

}  // namespace josekic::go
