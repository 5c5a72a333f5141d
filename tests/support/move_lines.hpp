#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "core/go/move.hpp"

namespace josekic::test_support {

/// A line of moves written as SGF points, colours alternating from `first`; an empty
/// string is a pass (tenuki). For tests only: every point must be valid.
inline std::vector<go::Move> line(std::initializer_list<std::string_view> points,
                                  go::Color first = go::Color::Black) {
    std::vector<go::Move> moves;
    go::Color c = first;
    for (std::string_view p : points) {
        moves.push_back(p.empty() ? go::Move::pass(c) : go::Move::at(c, *go::point_from_sgf(p)));
        c = go::opponent(c);
    }
    return moves;
}

}  // namespace josekic::test_support
