#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli/run_binary.hpp"
#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>

namespace fs = std::filesystem;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;

namespace {

struct Collection {
    josekic::test_support::TempDir dir;
    fs::path games = josekic::test_support::write_games(dir.path() / "games",
                                                        josekic::test_support::filter_games());
    std::string in() const { return shell_quote(games.string()); }
    std::string out(const char* name) const { return shell_quote((dir.path() / name).string()); }
};

}  // namespace

TEST_CASE("a rank the filters cannot read is exit 2 naming the option", "[cli][e2e][filter]") {
    const Collection c;
    for (const char* command : {"compile", "check", "lookup"}) {
        const std::string target = std::string(command) == "compile" ? c.in() + " -o " + c.out("o")
                                   : std::string(command) == "check" ? c.in()
                                                                     : c.out("o") + " --moves pd";
        const auto run = run_josekic(std::string(command) + " " + target + " --min-rank 9x");
        INFO(command << ": " << run.err);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find("--min-rank takes a rank") != std::string::npos);
        CHECK(run.err.find("'9x'") != std::string::npos);
    }
    const auto backwards = run_josekic("check " + c.in() + " --since 2018 --until 2017");
    CHECK(backwards.exit_code == 2);
}

TEST_CASE("compile --since says on stdout how many games the filter removed",
          "[cli][e2e][filter]") {
    const Collection c;
    const auto run =
        run_josekic("compile " + c.in() + " -o " + c.out("o") + " --since 2017 --quiet");
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("used 5, skipped 2 (2 duplicate), filtered out 5 (--since 2017)") !=
          std::string::npos);
}

TEST_CASE("lookup --since answers from the games of 2017 on and says so", "[cli][e2e][filter]") {
    const Collection c;
    REQUIRE(run_josekic("compile " + c.in() + " -o " + c.out("o") + " --quiet").exit_code == 0);
    const auto all = run_josekic("lookup " + c.out("o") + " --fuseki --json --moves ''");
    const auto since =
        run_josekic("lookup " + c.out("o") + " --fuseki --json --moves '' --since 2017");
    CHECK(nlohmann::json::parse(all.out)["count"] == 10);
    const nlohmann::json filtered = nlohmann::json::parse(since.out);
    CHECK(filtered["count"] == 5);
    CHECK(filtered["filters"] == "--since 2017");
    const auto text = run_josekic("lookup " + c.out("o") + " --fuseki --moves '' --since 2017");
    CHECK(text.out.rfind("Filters: --since 2017 (only the games that pass)\n", 0) == 0);
    // A line of the dictionary that no game of the years asked for plays: said as such, not
    // as a line the dictionary does not know.
    const std::string first = nlohmann::json::parse(all.out)["continuations"][0]["move"];
    const auto none =
        run_josekic("lookup " + c.out("o") + " --fuseki --moves '" + first + "' --until 1900");
    CHECK(none.out.find("No game that passes the filters plays this line: they leave it at "
                        "move 1, ") != std::string::npos);
    CHECK(none.out.find("Not in the dictionary") == std::string::npos);
    const auto none_json = run_josekic("lookup " + c.out("o") + " --fuseki --json --moves '" +
                                       first + "' --until 1900");
    CHECK(nlohmann::json::parse(none_json.out)["left_at"]["filtered_out"] == true);
    // A line the dictionary does not hold at all is still said to be so under filters.
    const auto unknown =
        run_josekic("lookup " + c.out("o") + " --fuseki --moves '" + first + " aa' --until 1900");
    CHECK(unknown.out.find("Not in the dictionary, and the games that pass the filters leave "
                           "the line at move 1, ") != std::string::npos);
    const auto unknown_json = run_josekic("lookup " + c.out("o") + " --fuseki --json --moves '" +
                                          first + " aa' --until 1900");
    CHECK(nlohmann::json::parse(unknown_json.out)["left_at"]["filtered_out"] == false);
}

TEST_CASE("lookup --game with a filter looks the game's position up among the passing games",
          "[cli][e2e][filter]") {
    const Collection c;
    REQUIRE(run_josekic("compile " + c.in() + " -o " + c.out("o") + " --quiet").exit_code == 0);
    const std::string game =
        shell_quote((c.games / josekic::test_support::game_file_name(2)).string());
    const auto all = run_josekic("lookup " + c.out("o") + " --json --move 6 --game " + game);
    const auto until =
        run_josekic("lookup " + c.out("o") + " --json --move 6 --game " + game + " --until 1990");
    INFO(all.out << "\n" << until.out);
    CHECK(all.exit_code == 0);
    CHECK(until.exit_code == 0);
    // Game 2's first six moves are played by games 2 and 7 only (of 2017 and 2020).
    const nlohmann::json whole = nlohmann::json::parse(all.out);
    const nlohmann::json old = nlohmann::json::parse(until.out);
    CHECK(whole["dictionary"] == "fuseki");
    CHECK(whole["found"] == true);
    CHECK(whole["count"] == 2);
    CHECK(old["found"] == false);
    CHECK(old["count"] == 0);
    CHECK(old["filters"] == "--until 1990");
}
