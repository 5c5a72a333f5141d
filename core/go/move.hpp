#pragma once

#include <optional>

#include "core/go/color.hpp"
#include "core/go/point.hpp"

namespace josekic::go {

/// A move: a stone of `color` at `point`, or a pass when `point` is empty. In the joseki
/// tree a pass stands for a tenuki (the player moved elsewhere on the board).
struct Move {
    Color color = Color::Black;
    std::optional<Point> point;

    constexpr bool is_pass() const { return !point.has_value(); }
    static constexpr Move pass(Color c) { return Move{c, std::nullopt}; }
    static constexpr Move at(Color c, Point p) { return Move{c, p}; }
    friend constexpr bool operator==(const Move&, const Move&) = default;
};

}  // namespace josekic::go
