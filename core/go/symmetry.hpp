#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/go/move.hpp"
#include "core/go/point.hpp"

namespace josekic::go {

/// The 8 symmetries of the square board, named by what they do to the picture as a viewer
/// shows it (SGF orientation: x to the right, y downwards; see point.hpp). Each comment
/// gives the image of point (x, y); 18 is the last line.
enum class Symmetry : std::uint8_t {
    Identity,         ///< (x, y) -> (x, y)
    Rotate90,         ///< quarter turn clockwise: (x, y) -> (18 - y, x); top-left goes to top-right
    Rotate180,        ///< half turn: (x, y) -> (18 - x, 18 - y)
    Rotate270,        ///< quarter turn counter-clockwise: (x, y) -> (y, 18 - x)
    MirrorLeftRight,  ///< reflection in the vertical centre line: (x, y) -> (18 - x, y)
    MirrorTopBottom,  ///< reflection in the horizontal centre line: (x, y) -> (x, 18 - y)
    Transpose,        ///< reflection in the diagonal top-left..bottom-right: (x, y) -> (y, x)
    AntiTranspose,  ///< reflection in the diagonal top-right..bottom-left: (x, y) -> (18 - y, 18 -
                    ///< x)
};

/// All 8 symmetries, Identity first, in declaration order.
inline constexpr std::array<Symmetry, 8> kAllSymmetries = {
    Symmetry::Identity,  Symmetry::Rotate90,        Symmetry::Rotate180,
    Symmetry::Rotate270, Symmetry::MirrorLeftRight, Symmetry::MirrorTopBottom,
    Symmetry::Transpose, Symmetry::AntiTranspose,
};

/// A readable name, e.g. "rotate90".
constexpr std::string_view name(Symmetry s) {
    constexpr std::array<std::string_view, 8> names = {
        "identity",          "rotate90",          "rotate180", "rotate270",
        "mirror-left-right", "mirror-top-bottom", "transpose", "anti-transpose"};
    return names[static_cast<int>(s)];
}

namespace detail {
// Every symmetry is "optionally swap x and y, then optionally mirror x, then optionally
// mirror y"; this table is that decomposition, checked against the comments above by the
// static_asserts at the end of this file.
struct SymmetryParts {
    bool swap;
    bool mirror_x;
    bool mirror_y;
};
inline constexpr std::array<SymmetryParts, 8> kParts = {{
    {false, false, false},  // Identity
    {true, true, false},    // Rotate90
    {false, true, true},    // Rotate180
    {true, false, true},    // Rotate270
    {false, true, false},   // MirrorLeftRight
    {false, false, true},   // MirrorTopBottom
    {true, false, false},   // Transpose
    {true, true, true},     // AntiTranspose
}};
}  // namespace detail

/// The image of `p` under `s`.
constexpr Point apply(Symmetry s, Point p) {
    const auto parts = detail::kParts[static_cast<int>(s)];
    int x = parts.swap ? p.y : p.x;
    int y = parts.swap ? p.x : p.y;
    if (parts.mirror_x) x = kLastLine - x;
    if (parts.mirror_y) y = kLastLine - y;
    return Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
}

/// kImageIndex[s][i]: the row-major index of the image of the point with index i under
/// symmetry s (the outer index is static_cast<std::size_t>(s), the order of kAllSymmetries).
/// Computed at compile time for the loops that map every move through all 8 symmetries
/// (duplicate fingerprints, position keys), where apply() would decode s each time.
inline constexpr std::array<std::array<std::uint16_t, kNumPoints>, 8> kImageIndex = [] {
    std::array<std::array<std::uint16_t, kNumPoints>, 8> table{};
    for (Symmetry s : kAllSymmetries) {
        for (int i = 0; i < kNumPoints; ++i) {
            table[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)] =
                static_cast<std::uint16_t>(apply(s, Point::from_index(i)).index());
        }
    }
    return table;
}();

/// The image of a move: same colour, transformed point; a pass stays a pass.
constexpr Move apply(Symmetry s, const Move& m) {
    return m.point ? Move::at(m.color, apply(s, *m.point)) : m;
}

namespace detail {
// Two asymmetric probe points fix a symmetry uniquely: the composition is found by search
// once, at compile time, into the tables below.
constexpr Symmetry compose_by_search(Symmetry first, Symmetry second) {
    constexpr Point probe_a{1, 2};
    constexpr Point probe_b{5, 0};
    for (Symmetry candidate : kAllSymmetries) {
        if (apply(candidate, probe_a) == apply(second, apply(first, probe_a)) &&
            apply(candidate, probe_b) == apply(second, apply(first, probe_b))) {
            return candidate;
        }
    }
    return Symmetry::Identity;  // unreachable: the 8 symmetries form a group
}

using CompositionTable = std::array<std::array<Symmetry, 8>, 8>;
inline constexpr CompositionTable kCompositions = [] {
    CompositionTable table{};
    for (Symmetry first : kAllSymmetries) {
        for (Symmetry second : kAllSymmetries) {
            table[static_cast<int>(first)][static_cast<int>(second)] =
                compose_by_search(first, second);
        }
    }
    return table;
}();

inline constexpr std::array<Symmetry, 8> kInverses = [] {
    std::array<Symmetry, 8> table{};
    for (Symmetry s : kAllSymmetries) {
        for (Symmetry candidate : kAllSymmetries) {
            if (kCompositions[static_cast<int>(s)][static_cast<int>(candidate)] ==
                Symmetry::Identity) {
                table[static_cast<int>(s)] = candidate;
            }
        }
    }
    return table;
}();
}  // namespace detail

/// The symmetry that equals applying `first` and then `second`.
constexpr Symmetry then(Symmetry first, Symmetry second) {
    return detail::kCompositions[static_cast<int>(first)][static_cast<int>(second)];
}

/// The symmetry that undoes `s`: then(s, inverse(s)) == Identity.
constexpr Symmetry inverse(Symmetry s) {
    return detail::kInverses[static_cast<int>(s)];
}

static_assert(apply(Symmetry::Rotate90, Point{0, 0}) == Point{18, 0},
              "clockwise: top-left to top-right");
static_assert(apply(Symmetry::Rotate90, Point{18, 0}) == Point{18, 18},
              "clockwise: top-right to bottom-right");
static_assert(apply(Symmetry::Rotate270, Point{18, 0}) == Point{0, 0}, "counter-clockwise");
static_assert(apply(Symmetry::Rotate180, Point{3, 4}) == Point{15, 14});
static_assert(apply(Symmetry::MirrorLeftRight, Point{3, 4}) == Point{15, 4});
static_assert(apply(Symmetry::MirrorTopBottom, Point{3, 4}) == Point{3, 14});
static_assert(apply(Symmetry::Transpose, Point{3, 4}) == Point{4, 3});
static_assert(apply(Symmetry::AntiTranspose, Point{3, 4}) == Point{14, 15});
static_assert(then(Symmetry::Rotate90, Symmetry::Rotate90) == Symmetry::Rotate180);
static_assert(inverse(Symmetry::Rotate90) == Symmetry::Rotate270);
static_assert(inverse(Symmetry::Transpose) == Symmetry::Transpose);
static_assert(kImageIndex[static_cast<std::size_t>(Symmetry::Rotate90)][0] == 18, "aa goes to sa");

}  // namespace josekic::go
