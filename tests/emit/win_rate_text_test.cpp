#include <catch2/catch.hpp>

#include "emit/win_rate_text.hpp"

using namespace josekic;
using dictionary::Difference;
using dictionary::NodeStats;

namespace {
NodeStats decided(NodeStats::Counter wins, NodeStats::Counter losses) {
    NodeStats s;
    s.count = wins + losses;
    s.first_player_wins = wins;
    s.second_player_wins = losses;
    return s;
}
}  // namespace

TEST_CASE("a win rate comes with its Wilson interval", "[emit][win-rate]") {
    CHECK(emit::win_rate_text(53, 100) == "53.0% (43.3-62.5%)");
    CHECK(emit::win_rate_text(0, 10) == "0.0% (0.0-27.8%)");
    CHECK(emit::win_rate_text(1, 1) == "100.0% (20.7-100.0%)");
    CHECK(emit::win_rate_text(81, 263) == "30.8% (25.5-36.6%)");
    CHECK(emit::win_rate_text(0, 0) == "-");
}

TEST_CASE("a continuation is marked only where its win rate differs beyond noise",
          "[emit][win-rate]") {
    // The parent: 100 of 200 won; the node 60 of 100, so the rest 40 of 100 (z = 2.83).
    CHECK(emit::win_rate_against_rest(decided(60, 40), decided(100, 100)) == Difference::Higher);
    CHECK(emit::win_rate_against_rest(decided(40, 60), decided(100, 100)) == Difference::Lower);
    // 55 of 100 against 45 of 100 is noise.
    CHECK(emit::win_rate_against_rest(decided(55, 45), decided(100, 100)) == Difference::None);
    // A node that has all of its parent's games has no rest to differ from.
    CHECK(emit::win_rate_against_rest(decided(60, 40), decided(60, 40)) == Difference::None);
    CHECK(emit::difference_mark(Difference::Higher) == "above the rest");
    CHECK(emit::difference_mark(Difference::None).empty());
}
