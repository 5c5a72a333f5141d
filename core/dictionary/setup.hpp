#pragma once

// The setup stones a dictionary's lines start from: a handicap opening's stones.

#include <compare>
#include <string>
#include <vector>

#include "core/go/point.hpp"

namespace josekic::dictionary {

/// Setup stones (AB/AW) in the dictionary's frame, each colour in a fixed order (the fuseki
/// trees use the canonical order of trackers::SymmetryNormaliser::place_setup). Two games
/// whose setups are symmetric images of each other have equal Setups.
struct Setup {
    std::vector<go::Point> black;
    std::vector<go::Point> white;

    bool empty() const { return black.empty() && white.empty(); }
    friend bool operator==(const Setup&, const Setup&) = default;
    friend auto operator<=>(const Setup&, const Setup&) = default;
};

/// "9 Black stones", "2 Black stones, 1 White stone", or "no setup stones".
std::string describe(const Setup& setup);

}  // namespace josekic::dictionary
