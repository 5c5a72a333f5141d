#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/formats/handicap_points.hpp"

using josekic::formats::handicap_points;

namespace {
std::vector<std::string> sgf_points(int stones) {
    std::vector<std::string> out;
    for (josekic::go::Point p : handicap_points(stones)) out.push_back(josekic::go::to_sgf(p));
    return out;
}
}  // namespace

TEST_CASE("handicap stones go where the servers put them", "[formats]") {
    CHECK(sgf_points(2) == std::vector<std::string>{"dp", "pd"});
    // Three stones leave the lower-right 4-4 point free, as Tygem's files show.
    CHECK(sgf_points(3) == std::vector<std::string>{"dp", "pd", "dd"});
    CHECK(sgf_points(5) == std::vector<std::string>{"dp", "pd", "dd", "pp", "jj"});
    CHECK(sgf_points(6) == std::vector<std::string>{"dp", "pd", "dd", "pp", "dj", "pj"});
    CHECK(sgf_points(7) == std::vector<std::string>{"dp", "pd", "dd", "pp", "dj", "pj", "jj"});
    CHECK(sgf_points(9) ==
          std::vector<std::string>{"dp", "pd", "dd", "pp", "dj", "pj", "jd", "jp", "jj"});
}

TEST_CASE("a handicap without a standard placement has no stones", "[formats]") {
    CHECK(handicap_points(0).empty());
    CHECK(handicap_points(1).empty());
    CHECK(handicap_points(10).empty());
}
