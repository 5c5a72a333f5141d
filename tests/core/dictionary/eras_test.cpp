#include <catch2/catch.hpp>

#include "core/dictionary/eras.hpp"

using namespace josekic::dictionary;

TEST_CASE("a year falls in the era that starts at or before it", "[eras]") {
    const Eras eras({2000, 2016});
    CHECK(eras.count() == 3);
    CHECK(eras.era_of(1999) == 0);
    CHECK(eras.era_of(2000) == 1);
    CHECK(eras.era_of(2015) == 1);
    CHECK(eras.era_of(2016) == 2);
    CHECK(eras.label(0, 1990, 2019) == "1990-1999");
    CHECK(eras.label(1, 1990, 2019) == "2000-2015");
    CHECK(eras.label(2, 1990, 2019) == "2016-2019");
    CHECK(eras.label(0, 0, 0) == "before 2000");
    CHECK(eras.label(2, 0, 0) == "2016 on");
    CHECK(Eras({2017}).label(1, 2013, 2017) == "2017");
}

TEST_CASE("--eras reads increasing years", "[eras]") {
    CHECK(parse_eras("2017") == Eras({2017}));
    CHECK(parse_eras("2000,2016") == Eras({2000, 2016}));
    CHECK_FALSE(parse_eras(""));
    CHECK_FALSE(parse_eras("2016,2000"));
    CHECK_FALSE(parse_eras("2016,"));
    CHECK_FALSE(parse_eras("20x6"));
    CHECK_FALSE(parse_eras("1,2,3,4,5,6,7,8"));
}

TEST_CASE("the default eras split at 2017 when both sides have games, else at the median",
          "[eras]") {
    // fox-28k's shape: 2,360 games before 2017, 26,000 after: the AI change.
    CHECK(default_eras({{2013, 334}, {2015, 1177}, {2016, 849}, {2017, 6701}, {2019, 19378}}) ==
          Eras({2017}));
    // Title matches of 1950-1997: nothing after 2017, so the median year splits them.
    CHECK(default_eras({{1950, 10}, {1960, 10}, {1970, 10}, {1980, 10}, {1990, 10}}) ==
          Eras({1980}));
    // A handful before 2017 is not an era.
    CHECK(default_eras({{2016, 5}, {2017, 500}, {2018, 500}}) == Eras({2018}));
    CHECK(default_eras({{2019, 40}}).count() == 1);
    CHECK(default_eras({}).count() == 1);
}
