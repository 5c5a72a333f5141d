#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "core/dictionary/side_stats.hpp"

using namespace josekic::dictionary;

TEST_CASE("side statistics taken whole are found by node, in increasing order only",
          "[side-stats]") {
    const Eras eras({2017});  // two eras: an entry is 3 counters
    SideCounts a;
    a.players = 3;
    SideCounts b;
    b.per_era[1] = 7;
    const SideStats side(eras, {2, 9}, {3, 0, 0, 0, 0, 7});
    CHECK(side.size() == 2);
    REQUIRE(side.find(9).has_value());
    CHECK(*side.find(9) == b);
    CHECK(*side.find(2) == a);
    CHECK_FALSE(side.find(5).has_value());
    CHECK_THROWS_AS(SideStats(eras, {9, 2}, {3, 0, 0, 0, 0, 7}), std::logic_error);
    CHECK_THROWS_AS(SideStats(eras, {2, 2}, {3, 0, 0, 0, 0, 7}), std::logic_error);
    CHECK_THROWS_AS(SideStats(eras, {2}, {3, 0, 0, 0, 0, 7}), std::logic_error);
}

TEST_CASE("side statistics added one by one keep the counts of the eras there are",
          "[side-stats]") {
    SideStats side(Eras({2000, 2017}));
    SideCounts counts;
    counts.players = 4;
    counts.per_era = {1, 2, 3, 99};  // a fourth era the dictionary does not have
    side.add(5, counts);
    counts.per_era[3] = 0;
    CHECK(side.find(5) == counts);
    CHECK_THROWS_AS(side.add(5, counts), std::logic_error);
}
