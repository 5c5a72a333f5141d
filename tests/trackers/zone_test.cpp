#include <catch2/catch.hpp>

#include "core/go/symmetry.hpp"
#include "trackers/zone.hpp"

using namespace josekic;
using namespace josekic::trackers;

namespace {
go::Point pt(const char* sgf) {
    return *go::point_from_sgf(sgf);
}

// A map row by row; the default zone's map written out, so tests can edit single points.
std::string default_map() {
    return Zone::default_zone().to_map();
}

std::string with_point(std::string map, go::Point p, char c) {
    map[static_cast<std::size_t>(p.y * 20 + p.x)] = c;  // 19 points and '\n' per row
    return map;
}

std::string first_error(const std::string& text) {
    diag::DiagnosticList sink;
    auto zone = Zone::from_map(text, "z.txt", sink);
    CHECK_FALSE(zone.has_value());
    REQUIRE(sink.items.size() == 1);
    return diag::format(sink.items.front());
}
}  // namespace

TEST_CASE("the default zone: shape, symmetry and tengen", "[trackers]") {
    const Zone& zone = Zone::default_zone();
    CHECK(zone.size() == 98);
    CHECK(zone.to_map() ==
          "........XXXXXXXXXXX\n"
          "........XXXXXXXXXXX\n"
          "........XXXXXXXXXXX\n"
          "........XXXXXXXXXXX\n"
          ".........XXXXXXXXXX\n"
          ".........XXXXXXXXXX\n"
          "..........XXXXXXXXX\n"
          "...........XXXXXXXX\n"
          "............XXXXXXX\n"
          ".............XXXXXX\n"
          "...............XXXX\n"
          "...................\n"
          "...................\n"
          "...................\n"
          "...................\n"
          "...................\n"
          "...................\n"
          "...................\n"
          "...................\n");
    for (Corner c : kAllCorners) {
        CHECK(zone.role(c, pt("jj")) == ZoneRole::Outside);
        // every corner's zone is the upper-right one rotated
        for (int i = 0; i < go::kNumPoints; ++i) {
            const go::Point p = go::Point::from_index(i);
            CHECK(zone.role(c, go::apply(rotation_from_upper_right(c), p)) ==
                  zone.role(Corner::UpperRight, p));
        }
    }
    CHECK(zone.contains(Corner::UpperRight, pt("pd")));
    CHECK(zone.contains(Corner::UpperLeft, pt("dd")));
    CHECK(zone.contains(Corner::LowerLeft, pt("dp")));
    CHECK(zone.contains(Corner::LowerRight, pt("pp")));
}

TEST_CASE("overlap points near the middle of a side belong to both neighbouring corners",
          "[trackers]") {
    const Zone& zone = Zone::default_zone();
    for (const char* p : {"ic", "jc", "kc", "ja", "jd"}) {
        INFO(p);
        CHECK(zone.contains(Corner::UpperRight, pt(p)));
        CHECK(zone.contains(Corner::UpperLeft, pt(p)));
        CHECK(zone.role(Corner::LowerLeft, pt(p)) == ZoneRole::Outside);
        CHECK(zone.role(Corner::LowerRight, pt(p)) == ZoneRole::Outside);
    }
    // one line further: in one corner's zone, in the other's ring
    CHECK(zone.contains(Corner::UpperLeft, pt("hc")));
    CHECK(zone.in_ring(Corner::UpperRight, pt("hc")));
    CHECK(zone.contains(Corner::UpperRight, pt("lc")));
    CHECK(zone.in_ring(Corner::UpperLeft, pt("lc")));
    // the right side's middle: upper-right and lower-right
    CHECK(zone.contains(Corner::UpperRight, pt("qj")));
    CHECK(zone.contains(Corner::LowerRight, pt("qj")));
    // deeper toward the centre the staircase leaves the middle to nobody
    CHECK(zone.contains(Corner::UpperRight, pt("jf")));
    CHECK(zone.contains(Corner::UpperLeft, pt("jf")));
    CHECK(zone.role(Corner::UpperRight, pt("jh")) == ZoneRole::Outside);
    CHECK(zone.role(Corner::UpperLeft, pt("jh")) == ZoneRole::Outside);
}

TEST_CASE("the exclusion ring is exactly the outside points orthogonally next to the zone",
          "[trackers]") {
    const Zone& zone = Zone::default_zone();
    int ring = 0;
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        bool next_to_zone = false;
        for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const int x = p.x + dx;
            const int y = p.y + dy;
            if (go::on_board(x, y) &&
                zone.contains(Corner::UpperRight, go::Point{static_cast<std::uint8_t>(x),
                                                            static_cast<std::uint8_t>(y)}))
                next_to_zone = true;
        }
        const bool expected = next_to_zone && !zone.contains(Corner::UpperRight, p);
        CHECK(zone.in_ring(Corner::UpperRight, p) == expected);
        ring += expected ? 1 : 0;
    }
    CHECK(zone.ring_size() == ring);
    CHECK(ring == 16);
}

TEST_CASE("corners_touched names exactly the corners for which a point is not outside",
          "[trackers]") {
    // The default zone and a tiny one whose rings reach into no other corner's zone.
    std::array<bool, go::kNumPoints> table{};
    table[static_cast<std::size_t>(pt("sa").index())] = true;
    std::string why;
    const auto tiny = Zone::from_table(table, why);
    REQUIRE(tiny.has_value());
    for (const Zone* zone : {&Zone::default_zone(), &*tiny}) {
        for (int i = 0; i < go::kNumPoints; ++i) {
            const go::Point p = go::Point::from_index(i);
            unsigned expected = 0;
            for (Corner c : kAllCorners) {
                if (zone->role(c, p) != ZoneRole::Outside) expected |= 1U << static_cast<int>(c);
            }
            CHECK(zone->corners_touched(p) == expected);
        }
    }
    // hc: upper-left zone and upper-right ring; jc: both upper zones; jj: nothing
    const Zone& zone = Zone::default_zone();
    CHECK(zone.corners_touched(pt("hc")) == 0b0011);
    CHECK(zone.corners_touched(pt("jc")) == 0b0011);
    CHECK(zone.corners_touched(pt("jj")) == 0);
    CHECK(zone.corners_touched(pt("pp")) == 0b1000);
}

TEST_CASE("a zone map reads back, with comments, blank lines and spaces", "[trackers]") {
    std::string text = "; my zone\n\n";
    const std::string map = default_map();
    for (std::size_t i = 0; i < map.size(); ++i) {
        text += map[i];
        if (map[i] != '\n' && map[i + 1] != '\n') text += ' ';
    }
    text += "; trailing comment\n";
    diag::DiagnosticList sink;
    auto zone = Zone::from_map(text, "z.txt", sink);
    REQUIRE(zone.has_value());
    CHECK(sink.items.empty());
    CHECK(zone->to_map() == map);
}

TEST_CASE("zone map errors name line and column", "[trackers]") {
    SECTION("unknown character") {
        std::string map = with_point(default_map(), pt("sc"), '#');
        std::string text = "; comment\n";
        text += map;
        CHECK(first_error(text) ==
              "z.txt:4:19: error: unexpected character '#' in the zone map: use 'X' for a point in "
              "the zone, '.' for a point outside [zone-map-char]");
    }
    SECTION("short row") {
        std::string map = default_map();
        map.erase(20 * 2, 1);  // row 3 loses a point
        CHECK(first_error(map) ==
              "z.txt:3:19: error: this row of the zone map has 18 points, not 19 "
              "[zone-map-row-length]");
    }
    SECTION("long row") {
        std::string map = default_map();
        map.insert(map.begin() + 20 * 5, '.');
        CHECK(first_error(map) ==
              "z.txt:6:20: error: this row of the zone map has more than 19 points "
              "[zone-map-row-length]");
    }
    SECTION("too few rows") {
        std::string map = default_map().substr(0, 20 * 18);
        CHECK(first_error(map) ==
              "z.txt:19:1: error: the zone map ends after 18 rows; it needs 19 [zone-map-rows]");
    }
    SECTION("too many rows") {
        std::string map = default_map();
        map += "...................\n";
        CHECK(first_error(map) ==
              "z.txt:20:1: error: the zone map has more than 19 rows [zone-map-rows]");
    }
}

TEST_CASE("asymmetric, empty and tengen zones are refused", "[trackers]") {
    SECTION("asymmetric: a point without its mirror image") {
        // hc is (7, 2); its mirror image about the diagonal is (18 - 2, 18 - 7) = ql
        std::string map = with_point(default_map(), pt("hc"), 'X');
        CHECK(first_error(map) ==
              "z.txt:3:8: error: the zone is not symmetric about the upper-right corner's "
              "diagonal: hc is in the "
              "zone but its mirror image ql is not [zone-asymmetric]");
    }
    SECTION("empty") {
        std::string map;
        for (int i = 0; i < 19; ++i) map += "...................\n";
        CHECK(first_error(map) ==
              "z.txt:1:1: error: the zone map has no point in the zone ('X'); a zone must not be "
              "empty [zone-empty]");
    }
    SECTION("tengen") {
        std::string map;
        for (int i = 0; i < 19; ++i) map += "XXXXXXXXXXXXXXXXXXX\n";
        CHECK(first_error(map) ==
              "z.txt:10:10: error: tengen (jj) is in the zone; tengen belongs to no corner "
              "[zone-tengen]");
    }
    SECTION("from_table says why") {
        std::array<bool, go::kNumPoints> table{};
        table[static_cast<std::size_t>(pt("sa").index())] = true;
        table[static_cast<std::size_t>(pt("ra").index())] = true;
        std::string why;
        CHECK_FALSE(Zone::from_table(table, why).has_value());
        CHECK(why.find("ra is in the zone but its mirror image sb is not") != std::string::npos);
        table[static_cast<std::size_t>(pt("sb").index())] = true;
        auto zone = Zone::from_table(table, why);
        REQUIRE(zone.has_value());
        CHECK(zone->size() == 3);
        CHECK(zone->in_ring(Corner::UpperLeft, pt("ca")));
    }
}

TEST_CASE("the zone map picture marks zones, overlaps, rings and tengen", "[trackers]") {
    const std::string picture = render_zone_map(Zone::default_zone());
    // row a: lower corners far away; upper corners overlap on columns i, j, k; h and l are
    // one corner's zone and the other's ring
    CHECK(picture.find(" a # # # # # # # * 2 2 2 * # # # # # # #\n") != std::string::npos);
    // row j, the middle: the left and right sides' overlaps, the rings, tengen
    CHECK(picture.find(" j 2 2 2 2 2 2 o . . + . . o 2 2 2 2 2 2\n") != std::string::npos);
    CHECK(picture.find("   a b c d e f g h i j k l m n o p q r s\n") != std::string::npos);
    CHECK(picture.find("Each zone has 98 points and a ring of 16 points") != std::string::npos);
}
