#include <catch2/catch.hpp>

#include <string>

#include "core/game/game_filter.hpp"

using namespace josekic;
using game::FilterFacts;
using game::FilterKind;
using game::FilterMiss;
using game::GameFilter;
using game::PlayerName;

namespace {

FilterFacts facts(std::optional<int> year, std::string_view black_rank = "9d",
                  std::string_view white_rank = "9d") {
    return FilterFacts{"Black", "White", black_rank, white_rank, "", year};
}

std::optional<FilterMiss> miss(const GameFilter& filter, const FilterFacts& f, FilterKind kind) {
    return game::check(filter, f).misses[static_cast<std::size_t>(kind)];
}

}  // namespace

TEST_CASE("since and until filters keep the years between, and drop undated games", "[filter]") {
    GameFilter filter;
    filter.since = 2016;
    filter.until = 2018;
    CHECK(game::check(filter, facts(2016)).passes());
    CHECK(game::check(filter, facts(2018)).passes());
    CHECK(miss(filter, facts(2015), FilterKind::Since) == FilterMiss::Outside);
    CHECK_FALSE(miss(filter, facts(2015), FilterKind::Until).has_value());
    CHECK(miss(filter, facts(2019), FilterKind::Until) == FilterMiss::Outside);
    CHECK(miss(filter, facts(std::nullopt), FilterKind::Since) == FilterMiss::Missing);
    CHECK(miss(filter, facts(std::nullopt), FilterKind::Until) == FilterMiss::Missing);
    CHECK(filter.describe() == "--since 2016 --until 2018");
}

TEST_CASE("a rank filter needs both players' ranks to pass", "[filter]") {
    GameFilter filter;
    filter.min_rank = game::parse_rank("9d");
    CHECK(game::check(filter, facts(2000, "9d", "P3段")).passes());
    CHECK(miss(filter, facts(2000, "9d", "8d"), FilterKind::MinRank) == FilterMiss::Outside);
    CHECK(miss(filter, facts(2000, "9d", ""), FilterKind::MinRank) == FilterMiss::Missing);
    CHECK(miss(filter, facts(2000, "?", "9d"), FilterKind::MinRank) == FilterMiss::Missing);

    GameFilter upper;
    upper.max_rank = game::parse_rank("1k");
    CHECK(game::check(upper, facts(2000, "5k", "1k")).passes());
    CHECK(miss(upper, facts(2000, "5k", "1d"), FilterKind::MaxRank) == FilterMiss::Outside);
    CHECK(upper.describe() == "--max-rank 1k");
}

TEST_CASE("player names match across case, spaces and a comma-inverted order", "[filter]") {
    const PlayerName cho("Cho Chikun");
    for (const char* same : {"Cho Chikun", "cho chikun", "Cho, Chikun", "ChoChikun", "CHO  CHIKUN",
                             "Chikun Cho", " Cho Chikun "}) {
        INFO(same);
        CHECK(cho.matches(PlayerName(same)));
        CHECK(PlayerName(same).matches(cho));
    }
    for (const char* other : {"Cho", "Cho Chikun 2", "Cho Hun-hyun", "Chikun", ""}) {
        INFO(other);
        CHECK_FALSE(cho.matches(PlayerName(other)));
    }
    CHECK(PlayerName("Lee Se-dol").matches(PlayerName("Lee Sedol")));
    CHECK(PlayerName("Lee Se-dol").matches(PlayerName("Se-dol Lee")));
    CHECK_FALSE(PlayerName("Lee Se-dol").matches(PlayerName("Sedol Lee")));
    CHECK(PlayerName("柯洁").matches(PlayerName("柯 洁")));
    CHECK_FALSE(PlayerName("").matches(PlayerName("")));
}

TEST_CASE("the player filter keeps games either colour played, any of the names given",
          "[filter]") {
    GameFilter filter;
    filter.players.emplace_back("Ke Jie");
    filter.players.emplace_back("Shin Jinseo");
    const auto game = [](std::string_view black, std::string_view white) {
        return FilterFacts{black, white, "", "", "", std::nullopt};
    };
    CHECK(game::check(filter, game("Ke Jie", "Park Junghwan")).passes());
    CHECK(game::check(filter, game("Park Junghwan", "shin jinseo")).passes());
    CHECK(miss(filter, game("Park Junghwan", "Iyama Yuta"), FilterKind::Player) ==
          FilterMiss::Outside);
    CHECK(miss(filter, game("", ""), FilterKind::Player) == FilterMiss::Missing);
    CHECK(filter.describe() == "--player \"Ke Jie\" --player \"Shin Jinseo\"");
}

TEST_CASE("the event filter looks for its text in the event, ignoring case", "[filter]") {
    GameFilter filter;
    filter.event = "meijin";
    const auto game = [](std::string_view event) {
        return FilterFacts{"", "", "", "", event, std::nullopt};
    };
    CHECK(game::check(filter, game("35th Meijin, round 3")).passes());
    CHECK(miss(filter, game("Honinbo"), FilterKind::Event) == FilterMiss::Outside);
    CHECK(miss(filter, game(""), FilterKind::Event) == FilterMiss::Missing);
}

TEST_CASE("filter counts record every filter a removed game fails", "[filter]") {
    GameFilter filter;
    filter.since = 2017;
    filter.min_rank = game::parse_rank("9d");
    game::FilterCounts counts;
    for (const FilterFacts& f : {facts(2010, "8d"), facts(std::nullopt), facts(2018, "?")}) {
        const game::FilterVerdict v = game::check(filter, f);
        REQUIRE_FALSE(v.passes());
        counts.add(v);
    }
    CHECK(game::check(filter, facts(2018)).passes());
    CHECK(counts.games_removed == 3);
    const auto since = counts.failed[static_cast<std::size_t>(FilterKind::Since)];
    const auto rank = counts.failed[static_cast<std::size_t>(FilterKind::MinRank)];
    CHECK(since == std::array<std::uint64_t, 2>{1, 1});
    CHECK(rank == std::array<std::uint64_t, 2>{1, 1});
    CHECK(GameFilter{}.empty());
    CHECK(game::check(GameFilter{}, facts(std::nullopt, "", "")).passes());
}
