#pragma once

#include <array>
#include <compare>
#include <cstdint>

#include "core/go/color.hpp"
#include "core/go/point.hpp"

namespace josekic::go {

/// A 128-bit position key, for places where a 64-bit collision would merge two different
/// lines (transposition classes). Ordered so that the smallest of the 8 symmetric images
/// can serve as the canonical key.
struct Hash128 {
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    constexpr Hash128& operator^=(const Hash128& o) {
        high ^= o.high;
        low ^= o.low;
        return *this;
    }
    friend constexpr bool operator==(const Hash128&, const Hash128&) = default;
    friend constexpr auto operator<=>(const Hash128&, const Hash128&) = default;
};

namespace detail {
// splitmix64: a fixed, well-mixed sequence, so the tables are the same on every machine
// and every run, and need no initialisation call.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

using ZobristTable = std::array<std::array<std::uint64_t, kNumPoints>, 2>;

constexpr ZobristTable make_zobrist_table(std::uint64_t seed) {
    ZobristTable table{};
    std::uint64_t state = seed;
    for (auto& per_color : table) {
        for (auto& key : per_color) key = splitmix64(state);
    }
    return table;
}
}  // namespace detail

/// Seeds of the key tables. Changing them changes every pinned hash in the tests.
inline constexpr std::uint64_t kZobristSeed = 0x6A6F73656B69635FULL;      // "josekic_"
inline constexpr std::uint64_t kZobristSeedHigh = 0x7472616E73706F73ULL;  // "transpos"

inline constexpr detail::ZobristTable kZobristKeys = detail::make_zobrist_table(kZobristSeed);
inline constexpr detail::ZobristTable kZobristKeysHigh =
    detail::make_zobrist_table(kZobristSeedHigh);

/// The 64-bit key of a stone of colour `c` at a point index (Point::index()). A position's
/// hash is the XOR of the keys of its stones; the empty board hashes to 0.
constexpr std::uint64_t zobrist_key(Color c, int point_index) {
    return kZobristKeys[static_cast<int>(c)][static_cast<std::size_t>(point_index)];
}
/// The same key for a point.
constexpr std::uint64_t zobrist_key(Color c, Point p) {
    return zobrist_key(c, p.index());
}

/// The 128-bit key of a stone at a point index (Point::index()): the 64-bit key as the low
/// half, an independent table as the high half.
constexpr Hash128 zobrist_key128(Color c, int point_index) {
    return Hash128{kZobristKeysHigh[static_cast<int>(c)][static_cast<std::size_t>(point_index)],
                   kZobristKeys[static_cast<int>(c)][static_cast<std::size_t>(point_index)]};
}

/// The same key for a point.
constexpr Hash128 zobrist_key128(Color c, Point p) {
    return zobrist_key128(c, p.index());
}

}  // namespace josekic::go
