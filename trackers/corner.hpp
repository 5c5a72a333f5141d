#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/go/symmetry.hpp"

namespace josekic::trackers {

/// The four corners of the board as a viewer shows it (SGF orientation).
enum class Corner : std::uint8_t { UpperRight, UpperLeft, LowerLeft, LowerRight };

inline constexpr std::array<Corner, 4> kAllCorners = {Corner::UpperRight, Corner::UpperLeft,
                                                      Corner::LowerLeft, Corner::LowerRight};

constexpr std::string_view name(Corner c) {
    constexpr std::array<std::string_view, 4> names = {"upper-right", "upper-left", "lower-left",
                                                       "lower-right"};
    return names[static_cast<int>(c)];
}

/// The rotation that carries the upper-right corner onto `c`. Zones are defined for the
/// upper-right corner; a corner's zone is the image of that one under this rotation.
constexpr go::Symmetry rotation_from_upper_right(Corner c) {
    switch (c) {
        case Corner::UpperRight:
            return go::Symmetry::Identity;
        case Corner::UpperLeft:
            return go::Symmetry::Rotate270;
        case Corner::LowerLeft:
            return go::Symmetry::Rotate180;
        case Corner::LowerRight:
            return go::Symmetry::Rotate90;
    }
    return go::Symmetry::Identity;
}

static_assert(go::apply(rotation_from_upper_right(Corner::UpperLeft), go::Point{18, 0}) ==
              go::Point{0, 0});
static_assert(go::apply(rotation_from_upper_right(Corner::LowerLeft), go::Point{18, 0}) ==
              go::Point{0, 18});
static_assert(go::apply(rotation_from_upper_right(Corner::LowerRight), go::Point{18, 0}) ==
              go::Point{18, 18});

}  // namespace josekic::trackers
