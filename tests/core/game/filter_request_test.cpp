#include <catch2/catch.hpp>

#include <string>
#include <variant>

#include "core/game/filter_request.hpp"

using namespace josekic;
using game::FilterKind;
using game::FilterProblem;
using game::FilterRequest;
using game::GameFilter;

namespace {

std::string name(FilterKind kind) {
    return kind == FilterKind::Until ? "UNTIL" : kind == FilterKind::MaxRank ? "MAX" : "OTHER";
}

FilterProblem problem(const FilterRequest& request) {
    const auto made = game::make_filter(request, name);
    REQUIRE(std::holds_alternative<FilterProblem>(made));
    return std::get<FilterProblem>(made);
}

}  // namespace

TEST_CASE("a filter request makes the filter it asks for", "[filter]") {
    FilterRequest request;
    CHECK(std::get<GameFilter>(game::make_filter(request, name)).empty());
    request.since = 2000;
    request.until = 2000;
    request.min_rank = "1d";
    request.max_rank = "9 dan";
    request.players = {"  Cho Chikun ", "Lee Sedol"};
    request.event = "Meijin";
    const GameFilter filter = std::get<GameFilter>(game::make_filter(request, name));
    CHECK(filter.since == 2000);
    CHECK(filter.until == 2000);
    CHECK(filter.min_rank == game::parse_rank("1d"));
    CHECK(filter.max_rank == game::parse_rank("9d"));
    REQUIRE(filter.players.size() == 2);
    CHECK(filter.players[0].as_written() == "Cho Chikun");
    CHECK(filter.event == "Meijin");
}

TEST_CASE("a filter request that no game can pass, or unreadable, names its filter", "[filter]") {
    FilterRequest years;
    years.since = 2019;
    years.until = 2015;
    const FilterProblem late = problem(years);
    CHECK(late.kind == FilterKind::Since);
    CHECK(late.what == "2019 is after UNTIL 2015: no game can pass");

    FilterRequest ranks;
    ranks.min_rank = "9d";
    ranks.max_rank = "5k";
    const FilterProblem above = problem(ranks);
    CHECK(above.kind == FilterKind::MinRank);
    CHECK(above.what == "9d is above MAX 5k: no game can pass");
    ranks.max_rank = "12x";
    const FilterProblem unread = problem(ranks);
    CHECK(unread.kind == FilterKind::MaxRank);
    CHECK(unread.what.find("takes a rank such as 5k") == 0);
    CHECK(unread.what.find("not '12x'") != std::string::npos);

    FilterRequest blank;
    blank.players = {"Cho", " \t"};
    CHECK(problem(blank).kind == FilterKind::Player);
    FilterRequest empty_event;
    empty_event.event = "";
    CHECK(problem(empty_event).kind == FilterKind::Event);
}
