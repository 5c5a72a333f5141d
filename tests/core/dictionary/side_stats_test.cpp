#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "core/dictionary/side_stats.hpp"

using namespace josekic::dictionary;

TEST_CASE("side statistics taken whole are found by node, in increasing order only",
          "[side-stats]") {
    SideCounts a;
    a.players = 3;
    SideCounts b;
    b.per_era[1] = 7;
    const SideStats side(Eras{}, {2, 9}, {a, b});
    CHECK(side.size() == 2);
    REQUIRE(side.find(9) != nullptr);
    CHECK(*side.find(9) == b);
    CHECK(*side.find(2) == a);
    CHECK(side.find(5) == nullptr);
    CHECK_THROWS_AS(SideStats(Eras{}, {9, 2}, {a, b}), std::logic_error);
    CHECK_THROWS_AS(SideStats(Eras{}, {2, 2}, {a, b}), std::logic_error);
    CHECK_THROWS_AS(SideStats(Eras{}, {2}, {a, b}), std::logic_error);
}
