#include <catch2/catch.hpp>

#include "core/go/move_image.hpp"

using namespace josekic;
using josekic::go::MoveImage;

TEST_CASE("MoveImage maps every move as go::apply does", "[go]") {
    for (go::Symmetry s : go::kAllSymmetries) {
        const MoveImage image(s);
        INFO(name(s));
        for (int i = 0; i < go::kNumPoints; ++i) {
            for (go::Color c : {go::Color::Black, go::Color::White}) {
                const go::Move m = go::Move::at(c, go::Point::from_index(i));
                CHECK(image(m) == go::apply(s, m));
            }
        }
        CHECK(image(go::Move::pass(go::Color::White)) == go::Move::pass(go::Color::White));
    }
    // one hand-checked image: a quarter turn clockwise takes the upper-left 4-4 to the upper right
    CHECK(MoveImage(go::Symmetry::Rotate90)(go::Move::at(go::Color::Black, go::Point{3, 3})) ==
          go::Move::at(go::Color::Black, go::Point{15, 3}));
}
