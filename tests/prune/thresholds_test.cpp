#include <catch2/catch.hpp>

#include "prune/thresholds.hpp"

using namespace josekic::prune;

TEST_CASE("min-share reads fractions and percentages", "[prune]") {
    CHECK(parse_share("0.05") == Approx(0.05));
    CHECK(parse_share("5%") == Approx(0.05));
    CHECK(parse_share("0.5%") == Approx(0.005));
    CHECK(parse_share("1") == Approx(1.0));
    CHECK(parse_share("0") == Approx(0.0));
    CHECK(parse_share("100%") == Approx(1.0));
    CHECK_FALSE(parse_share("5"));
    CHECK_FALSE(parse_share("101%"));
    CHECK_FALSE(parse_share("-0.1"));
    CHECK_FALSE(parse_share("%"));
    CHECK_FALSE(parse_share(""));
    CHECK_FALSE(parse_share("0.1x"));
    CHECK_FALSE(parse_share("nan"));
}

TEST_CASE("no thresholds by default", "[prune]") {
    Thresholds limits;
    CHECK(limits.none());
    limits.max_depth = 3;
    CHECK_FALSE(limits.none());
}
