#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "compiler/pipeline/run_report.hpp"
#include "core/game/game_filter.hpp"

namespace fs = std::filesystem;
using namespace josekic;
using test_support::TempDir;

namespace {

// A dictionary without the two provenance lines that must differ between a filtered compile
// and a compile of only the games that pass: the games read, and the filters. They are in
// the root comment (a line each) and in its XP property (a value each).
std::string without_run_lines(const fs::path& file) {
    std::string text = test_support::slurp(file);
    for (const std::string start : {"Games: ", "Filters: "}) {
        for (std::size_t at = text.find(start); at != std::string::npos;
             at = text.find(start, at)) {
            if (at > 0 && text[at - 1] == '[')
                text.erase(at - 1, text.find(']', at) + 1 - (at - 1));
            else
                text.erase(at, text.find('\n', at) + 1 - at);
        }
    }
    // The compile id too: the index keeps the run report for merge (its merge run section).
    return test_support::without_compile_id(std::move(text));
}

struct FilterCase {
    const char* name;
    game::GameFilter filter;
    std::set<std::size_t> passing;  ///< of filter_games(), duplicates never included
    std::string report_line;        ///< the removal line of the first filter
};

std::vector<FilterCase> filter_cases() {
    const auto rank = [](const char* text) { return game::parse_rank(text); };
    std::vector<FilterCase> cases;
    game::GameFilter f;
    f.since = 2017;
    cases.push_back(
        {"since", f, {2, 3, 5, 7, 9}, "--since 2017: 5 games removed (4 older, 1 undated)"});
    f = {};
    f.until = 1990;
    cases.push_back({"until", f, {0, 1, 8}, "--until 1990: 7 games removed (6 newer, 1 undated)"});
    f = {};
    f.min_rank = rank("9d");
    cases.push_back({"min-rank",
                     f,
                     {0, 1, 2, 8, 9},
                     "--min-rank 9d: 5 games removed (4 weaker, 1 without a readable rank)"});
    f = {};
    f.min_rank = rank("1p");
    cases.push_back({"min-rank pro",
                     f,
                     {0, 2, 8},
                     "--min-rank 1p: 7 games removed (6 weaker, 1 without a readable rank)"});
    f = {};
    f.max_rank = rank("1d");
    cases.push_back({"max-rank",
                     f,
                     {4, 6},
                     "--max-rank 1d: 8 games removed (7 stronger, 1 without a readable rank)"});
    f = {};
    f.players.emplace_back("chikun cho");
    cases.push_back(
        {"player", f, {0, 1, 9}, "--player \"chikun cho\": 7 games removed (7 other players)"});
    f = {};
    f.event = "MEIJIN";
    cases.push_back({"event",
                     f,
                     {1, 8},
                     "--event MEIJIN: 8 games removed (3 other events, 5 without an event)"});
    f = {};
    f.since = 2017;
    f.min_rank = rank("9d");
    cases.push_back(
        {"since and min-rank", f, {2, 9}, "--since 2017: 5 games removed (4 older, 1 undated)"});
    return cases;
}

}  // namespace

TEST_CASE("a filtered compile equals a compile of only the games that pass", "[compile][filter]") {
    const TempDir dir;
    const std::vector<std::string> games = test_support::filter_games();
    const fs::path in = test_support::write_games(dir.path() / "games", games);
    const fs::path aside = dir.path() / "aside";
    fs::create_directories(aside);
    for (const FilterCase& c : filter_cases()) {
        INFO(c.name);
        const compile::CompileResult filtered =
            test_support::compile_filtered({in.string()}, dir.path() / "filtered", c.filter);
        CHECK(filtered.run.games_kept == c.passing.size());
        CHECK(filtered.run.duplicates_dropped == 2);
        CHECK(filtered.run.filtered.games_removed == 10 - c.passing.size());
        const std::vector<std::string> lines =
            pipeline::filter_removal_lines(c.filter, filtered.run.filtered);
        REQUIRE_FALSE(lines.empty());
        CHECK(lines.front() == c.report_line);
        CHECK(filtered.report_text.find(c.report_line) != std::string::npos);
        CHECK(test_support::slurp(dir.path() / "filtered" / "joseki.sgf")
                  .find("Filters: " + c.filter.describe()) != std::string::npos);

        // The same directory with only the passing games in it, so that source paths agree.
        for (std::size_t i = 0; i < games.size(); ++i) {
            if (!c.passing.contains(i))
                fs::rename(in / test_support::game_file_name(i),
                           aside / test_support::game_file_name(i));
        }
        const compile::CompileResult only =
            test_support::compile_filtered({in.string()}, dir.path() / "only", {});
        for (const fs::directory_entry& e : fs::directory_iterator(aside))
            fs::rename(e.path(), in / e.path().filename());
        CHECK(only.run.games_kept == c.passing.size());
        for (const char* file : {"joseki.sgf", "fuseki.sgf"}) {
            INFO(file);
            CHECK(without_run_lines(dir.path() / "filtered" / file) ==
                  without_run_lines(dir.path() / "only" / file));
        }
    }
}

TEST_CASE("without filters the report and the root comment say nothing of them",
          "[compile][filter]") {
    const TempDir dir;
    const fs::path in =
        test_support::write_games(dir.path() / "games", test_support::filter_games());
    const compile::CompileResult r =
        test_support::compile_filtered({in.string()}, dir.path() / "out", {});
    CHECK(r.run.games_kept == 10);
    CHECK(r.report_text.find("filtered") == std::string::npos);
    CHECK(test_support::slurp(dir.path() / "out" / "joseki.sgf").find("Filters:") ==
          std::string::npos);
    CHECK(pipeline::render_json(r.run, pipeline::Timings::Omit).find("\"filtered\"") ==
          std::string::npos);
}

TEST_CASE("the JSON report counts each filter's removals", "[compile][filter]") {
    const TempDir dir;
    const fs::path in =
        test_support::write_games(dir.path() / "games", test_support::filter_games());
    game::GameFilter filter;
    filter.since = 2017;
    const compile::CompileResult r =
        test_support::compile_filtered({in.string()}, dir.path() / "out", filter);
    CHECK(pipeline::render_json(r.run, pipeline::Timings::Omit)
              .find("\"filtered\": {\"games\": 5, \"filters\": [{\"filter\": \"--since 2017\", "
                    "\"removed\": 5, \"outside\": 4, \"missing\": 1}]}") != std::string::npos);
}
