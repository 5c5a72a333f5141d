#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game_filter.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

// The verdict of compile's check on one game of the index, read field by field.
bool passes_one_by_one(const index::IndexFile& file, std::uint32_t id,
                       const game::GameFilter& filter) {
    const index::IndexedGame g = file.game(id);
    game::FilterFacts facts{g.black_player, g.white_player, g.black_rank,
                            g.white_rank,   g.event,        std::nullopt};
    if (g.year != 0) facts.year = g.year;
    return game::check(filter, facts).passes();
}

// The games of the selection that differ from the one-by-one check (at most three named), and
// the count of those that pass.
void check_every_game(const index::IndexFile& file, const game::GameFilter& filter) {
    INFO(filter.describe());
    const index::GameSelection selection(file, filter);
    std::uint32_t passing = 0;
    std::size_t mismatches = 0;
    for (std::uint32_t id = 0; id < file.game_count(); ++id) {
        const bool expected = passes_one_by_one(file, id, filter);
        passing += expected ? 1 : 0;
        if (selection.contains(id) != expected && ++mismatches <= 3)
            UNSCOPED_INFO("game " << id << " (" << file.game(id).source_path << ")");
    }
    CHECK(mismatches == 0);
    CHECK(selection.size() == passing);
}

std::vector<game::GameFilter> filters_of_every_kind(const std::vector<std::string>& players,
                                                    const std::string& event) {
    std::vector<game::GameFilter> filters(9);
    filters[0].since = 1960;
    filters[1].until = 1950;
    filters[2].min_rank = game::parse_rank("9d");
    filters[3].max_rank = game::parse_rank("7d");
    for (const std::string& p : players) filters[4].players.emplace_back(p);
    filters[5].event = event;
    filters[6].min_rank = game::parse_rank("5d");  // a combination of every kind
    filters[6].max_rank = game::parse_rank("9p");
    filters[6].since = 1940;
    filters[6].until = 2020;
    filters[6].players = filters[4].players;
    filters[6].event = event;
    filters[7].min_rank = game::parse_rank("30k");  // ranks and players together
    filters[7].players = filters[4].players;
    filters[8].event = "";  // every game with an event
    return filters;
}

// The index of a compile of the goban package's 596 games into `dir`, if they are present.
std::optional<index::IndexFile> goban_index(const test_support::TempDir& dir) {
    const fs::path samples = "/usr/share/goban";
    if (!fs::exists(samples / "Hon-41-1.mgt")) {
        WARN("skipped: " << samples << " is not present (the goban package's samples)");
        return std::nullopt;
    }
    const fs::path dict = test_support::compile_inputs(dir.path(), {samples.string()});
    return index::IndexFile::open(dict / "index.jki");
}

}  // namespace

TEST_CASE("a selection holds exactly the games compile's check passes, on the hand-made games",
          "[index][filter]") {
    const test_support::TempDir dir;
    test_support::compile_filter_games(dir.path());
    const index::IndexFile file = index::IndexFile::open(dir.path() / "all" / "index.jki");
    REQUIRE(file.game_count() == 10);
    for (const game::GameFilter& filter :
         filters_of_every_kind({"Cho, Chikun", "Rin Kaiho"}, "meijin"))
        check_every_game(file, filter);
    game::GameFilter player;
    player.players.emplace_back("chikun cho");
    const index::GameSelection selection(file, player);
    CHECK(selection.size() == 3);  // games 0, 1 and 9: the same name written three ways
}

TEST_CASE("a selection holds exactly the games compile's check passes, on the goban samples",
          "[index][filter][shared]") {
    const test_support::TempDir dir;
    const std::optional<index::IndexFile> goban = goban_index(dir);
    if (!goban) return;
    const index::IndexFile& file = *goban;
    REQUIRE(file.game_count() > 500);
    for (const game::GameFilter& filter :
         filters_of_every_kind({"Iwamoto Kaoru", "Go Seigen"}, "honinbo"))
        check_every_game(file, filter);
}

TEST_CASE("a selection answers a second query as it did the first", "[index][filter][shared]") {
    const test_support::TempDir dir;
    const std::optional<index::IndexFile> goban = goban_index(dir);
    if (!goban) return;
    const index::IndexFile& file = *goban;
    game::GameFilter filter;
    filter.since = 1960;
    const index::GameSelection kept(file, filter);
    for (const index::Tree tree : {index::Tree::Joseki, index::Tree::Fuseki}) {
        const index::LookupResult first = index::lookup(file, tree, {}, 5, &kept);
        REQUIRE(first.stats.count > index::kStoredStatsAbove);  // the root is remembered
        const index::LookupResult again = index::lookup(file, tree, {}, 5, &kept);
        const index::GameSelection fresh(file, filter);
        const index::LookupResult anew = index::lookup(file, tree, {}, 5, &fresh);
        for (const index::LookupResult* r : {&again, &anew}) {
            CHECK(r->stats == first.stats);
            CHECK(r->parent_count == first.parent_count);
            REQUIRE(r->continuations.size() == first.continuations.size());
            for (std::size_t i = 0; i < first.continuations.size(); ++i)
                CHECK(r->continuations[i].stats == first.continuations[i].stats);
            REQUIRE(r->games.size() == first.games.size());
            for (std::size_t i = 0; i < first.games.size(); ++i)
                CHECK(r->games[i].game.source_path == first.games[i].game.source_path);
        }
        const std::optional<index::GameSelection::Tally> root = kept.remembered(tree, 0);
        REQUIRE(root.has_value());
        CHECK(root->stats == first.stats);
    }
}

TEST_CASE("a selection refuses a game id the index does not have", "[index][filter]") {
    const test_support::TempDir dir;
    test_support::compile_filter_games(dir.path());
    const index::IndexFile file = index::IndexFile::open(dir.path() / "all" / "index.jki");
    game::GameFilter filter;
    filter.since = 2017;
    const index::GameSelection selection(file, filter);
    CHECK(selection.size() == 5);
    CHECK_THROWS_AS(selection.contains(file.game_count()), index::IndexError);
}
