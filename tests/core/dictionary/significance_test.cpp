#include <catch2/catch.hpp>

#include "core/dictionary/significance.hpp"

using namespace josekic::dictionary;

namespace {
// Wilson bounds to 4 decimals, as published tables and R's prop.test(correct = FALSE) give them.
void check_wilson(std::uint64_t x, std::uint64_t n, double low, double high) {
    const Interval i = wilson_interval(x, n);
    CHECK(i.low == Approx(low).margin(5e-5));
    CHECK(i.high == Approx(high).margin(5e-5));
}
}  // namespace

TEST_CASE("Wilson intervals match known values", "[significance]") {
    check_wilson(0, 10, 0.0, 0.2775);
    check_wilson(5, 10, 0.2366, 0.7634);
    check_wilson(10, 10, 0.7225, 1.0);
    check_wilson(81, 263, 0.2553, 0.3662);
    check_wilson(53, 100, 0.4329, 0.6249);
    check_wilson(1, 1, 0.2065, 1.0);
}

TEST_CASE("a Wilson interval of no trials is everything", "[significance]") {
    const Interval i = wilson_interval(0, 0);
    CHECK(i.low == 0.0);
    CHECK(i.high == 1.0);
}

TEST_CASE("Wilson intervals narrow as the trials grow", "[significance]") {
    const Interval few = wilson_interval(6, 10);
    const Interval many = wilson_interval(6000, 10000);
    CHECK(few.high - few.low > 10 * (many.high - many.low));
    CHECK(many.low < 0.6);
    CHECK(many.high > 0.6);
}

TEST_CASE("two proportions differ beyond noise only at the 1% level", "[significance]") {
    // 60% against 40% of 100 each: z = 2.83.
    CHECK(compare_proportions(60, 100, 40, 100) == Difference::Higher);
    CHECK(compare_proportions(40, 100, 60, 100) == Difference::Lower);
    // 55% against 45%: z = 1.41, noise.
    CHECK(compare_proportions(55, 100, 45, 100) == Difference::None);
    // 59% against 41% of 100: z = 2.55, significant at 5% but not at 1%.
    CHECK(compare_proportions(59, 100, 41, 100) == Difference::None);
}

TEST_CASE("two proportions are not compared on too few games", "[significance]") {
    // All of 4 against none of 4 would be z = 2.83, but 2 expected wins per group is too few.
    CHECK(compare_proportions(4, 4, 0, 4) == Difference::None);
    CHECK(compare_proportions(0, 0, 5, 10) == Difference::None);
    CHECK(compare_proportions(10, 10, 0, 10) == Difference::Higher);
}
