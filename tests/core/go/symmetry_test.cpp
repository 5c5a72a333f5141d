#include <catch2/catch.hpp>

#include "core/go/symmetry.hpp"

using namespace josekic::go;

namespace {
bool same_everywhere(Symmetry a, Symmetry b) {
    for (int i = 0; i < kNumPoints; ++i) {
        if (apply(a, Point::from_index(i)) != apply(b, Point::from_index(i))) return false;
    }
    return true;
}
}  // namespace

TEST_CASE("each symmetry is a bijection of the board", "[symmetry]") {
    for (Symmetry s : kAllSymmetries) {
        std::array<bool, kNumPoints> hit{};
        for (int i = 0; i < kNumPoints; ++i) hit[apply(s, Point::from_index(i)).index()] = true;
        for (bool h : hit) CHECK(h);
    }
}

TEST_CASE("the 8 symmetries are distinct", "[symmetry]") {
    for (Symmetry a : kAllSymmetries)
        for (Symmetry b : kAllSymmetries)
            if (a != b) CHECK_FALSE(same_everywhere(a, b));
}

TEST_CASE("group laws hold for every pair and triple", "[symmetry]") {
    for (Symmetry a : kAllSymmetries) {
        CHECK(then(a, Symmetry::Identity) == a);
        CHECK(then(Symmetry::Identity, a) == a);
        CHECK(then(a, inverse(a)) == Symmetry::Identity);
        CHECK(then(inverse(a), a) == Symmetry::Identity);
        for (Symmetry b : kAllSymmetries) {
            // then() really is "a, then b", on every point.
            for (int i = 0; i < kNumPoints; ++i) {
                const Point p = Point::from_index(i);
                REQUIRE(apply(then(a, b), p) == apply(b, apply(a, p)));
            }
            for (Symmetry c : kAllSymmetries) CHECK(then(then(a, b), c) == then(a, then(b, c)));
        }
    }
}

TEST_CASE("named directions are what their names say", "[symmetry]") {
    const Point upper_right_hoshi = *point_from_sgf("pd");
    CHECK(to_sgf(apply(Symmetry::Rotate90, upper_right_hoshi)) ==
          "pp");  // clockwise: to lower right
    CHECK(to_sgf(apply(Symmetry::Rotate270, upper_right_hoshi)) ==
          "dd");  // counter-clockwise: upper left
    CHECK(to_sgf(apply(Symmetry::MirrorLeftRight, upper_right_hoshi)) == "dd");
    CHECK(to_sgf(apply(Symmetry::MirrorTopBottom, upper_right_hoshi)) == "pp");
    CHECK(to_sgf(apply(Symmetry::Transpose, *point_from_sgf("qd"))) == "dq");
    CHECK(to_sgf(apply(Symmetry::AntiTranspose, *point_from_sgf("qd"))) == "pc");
    CHECK(apply(Symmetry::Rotate90, Move::pass(Color::White)) == Move::pass(Color::White));
}
