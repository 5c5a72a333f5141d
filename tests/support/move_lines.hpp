#pragma once

#include <initializer_list>
#include <string>
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

/// Moves written as SGF nodes joined by spaces ("B[pd] W[dp] B[]"), to compare in tests.
inline std::string moves_text(const std::vector<go::Move>& moves) {
    std::string text;
    for (const go::Move& m : moves) {
        if (!text.empty()) text += ' ';
        text += go::sgf_letter(m.color);
        text += '[' + (m.point ? go::to_sgf(*m.point) : std::string{}) + ']';
    }
    return text;
}

/// Points written as SGF letters joined by spaces ("dp pd dd").
inline std::string points_text(const std::vector<go::Point>& points) {
    std::string text;
    for (go::Point p : points) text += (text.empty() ? "" : " ") + go::to_sgf(p);
    return text;
}

}  // namespace josekic::test_support
