#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/cli/run_binary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::test_support::TempDir;
using josekic::testing::json_number;
using josekic::testing::run_josekic;
using josekic::testing::run_program;
using josekic::testing::shell_quote;

namespace {

const std::string kSamples = JOSEKIC_SOURCE_DIR "/samples";
const std::string kGoban = "/usr/share/goban";

// The sources of a small run and the games they can make: the bundled samples hold only
// five games the generator can use, /usr/share/goban (Debian goban-original-games) 562.
struct SmallRun {
    std::string sources = shell_quote(kSamples);
    int games = 15;
};

SmallRun small_run() {
    SmallRun run;
    if (std::filesystem::exists(kGoban)) {
        run.sources += " " + kGoban;
        run.games = 1000;
    } else {
        WARN("/usr/share/goban is absent (Debian package goban-original-games): samples only");
    }
    return run;
}

// Runs the generator; its exit code.
int make_corpus(const std::string& arguments) {
    return run_program(JOSEKIC_SCALE_CORPUS_BINARY, arguments).exit_code;
}

}  // namespace

TEST_CASE("the generated games are legal and distinct by josekic's own check", "[bench]") {
    const SmallRun run = small_run();
    const TempDir dir;
    const std::string games = std::to_string(run.games);
    REQUIRE(make_corpus(run.sources + " --min-moves 1 --games " + games +
                        " --games-per-month 100 -o " + shell_quote(dir.str())) == 0);
    const auto check =
        run_josekic("check --quiet --json --no-timings " + shell_quote(dir.str() + "/months"));
    REQUIRE(check.exit_code == 0);
    CHECK(json_number(check.out, "games_read") == run.games);
    CHECK(json_number(check.out, "games_kept") == run.games);
    CHECK(json_number(check.out, "duplicates_dropped") == 0);
    CHECK_THAT(check.out, Catch::Contains("\"games_cut\": {}"));
    CHECK_THAT(check.out, Catch::Contains("\"warnings\": 0, \"errors\": 0"));
}

TEST_CASE("the same sources and seed give the same corpus, in months or one file per game",
          "[bench]") {
    const SmallRun run = small_run();
    const TempDir dir;
    const std::string common = run.sources + " --min-moves 1 --games 10 --games-per-month 10 ";
    REQUIRE(make_corpus(common + "-o " + shell_quote(dir.str() + "/a")) == 0);
    REQUIRE(make_corpus(common + "-o " + shell_quote(dir.str() + "/b")) == 0);
    REQUIRE(make_corpus(common + "--seed 2 -o " + shell_quote(dir.str() + "/c")) == 0);
    REQUIRE(make_corpus(common + "--one-file-per-game -o " + shell_quote(dir.str() + "/d")) == 0);
    const auto month = [&](const std::string& corpus) {
        return josekic::test_support::slurp(dir.path() / corpus / "months" / "2005-01.sgf");
    };
    CHECK(month("a") == month("b"));
    CHECK(month("a") != month("c"));
    std::string per_game;
    for (int i = 0; i < 10; ++i) {
        const std::string name = "000000" + std::to_string(i) + ".sgf";
        per_game += josekic::test_support::slurp(dir.path() / "d" / "months" / "2005-01" / name);
    }
    CHECK(per_game == month("a"));
}

TEST_CASE("a subset is a directory of links to the first months", "[bench]") {
    const SmallRun run = small_run();
    const TempDir dir;
    REQUIRE(make_corpus(run.sources +
                        " --min-moves 1 --games 10 --games-per-month 5 --subsets 5 -o " +
                        shell_quote(dir.str())) == 0);
    const auto subset = dir.path() / "games-5";
    CHECK(std::filesystem::is_symlink(subset / "2005-01.sgf"));
    CHECK_FALSE(std::filesystem::exists(subset / "2005-02.sgf"));
    const auto check =
        run_josekic("check --quiet --json --no-timings " + shell_quote(subset.string()));
    CHECK(json_number(check.out, "games_kept") == 5);
}
