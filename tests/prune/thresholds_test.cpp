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

TEST_CASE("max-bytes reads plain bytes and decimal or binary units", "[prune]") {
    CHECK(parse_size("2000000") == 2'000'000u);
    CHECK(parse_size("10MB") == 10'000'000u);
    CHECK(parse_size("10M") == 10'000'000u);
    CHECK(parse_size("10mb") == 10'000'000u);
    CHECK(parse_size("500k") == 500'000u);
    CHECK(parse_size("500kB") == 500'000u);
    CHECK(parse_size("1G") == 1'000'000'000u);
    CHECK(parse_size("64KiB") == 65'536u);
    CHECK(parse_size("1MiB") == 1'048'576u);
    CHECK(parse_size("7b") == 7u);
    CHECK_FALSE(parse_size(""));
    CHECK_FALSE(parse_size("MB"));
    CHECK_FALSE(parse_size("0"));
    CHECK_FALSE(parse_size("-5"));
    CHECK_FALSE(parse_size("10 MB"));
    CHECK_FALSE(parse_size("1.5MB"));
    CHECK_FALSE(parse_size("10TB"));
    CHECK_FALSE(parse_size("99999999999999999999"));
    CHECK_FALSE(parse_size("20000000000G"));
}

TEST_CASE("sizes are written in the unit they were given in", "[prune]") {
    CHECK(size_text(10'000'000) == "10 MB");
    CHECK(size_text(500'000) == "500 kB");
    CHECK(size_text(1'048'576) == "1,048,576 bytes");
    CHECK(size_text(1) == "1 byte");
}

TEST_CASE("the viewer budget is the default, none means --full", "[prune]") {
    const Budget viewer = Budget::viewer();
    CHECK(viewer.max_nodes == 50'000u);
    CHECK(viewer.max_bytes == 10'000'000u);
    CHECK(viewer.fits(50'000, 10'000'000));
    CHECK_FALSE(viewer.fits(50'001, 10));
    CHECK_FALSE(viewer.fits(10, 10'000'001));
    CHECK(Budget{}.none());
    CHECK(Budget{}.fits(1'000'000'000, 1'000'000'000'000));
    CHECK(Thresholds{}.budget.none());
}
