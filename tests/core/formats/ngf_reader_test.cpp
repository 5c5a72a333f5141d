#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>

#include "core/formats/ngf_reader.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using formats::read_ngf_games;

namespace {

// An NGF file: eleven header lines, a move count (by default, the lines of `moves`), then
// PM lines.
std::string ngf(std::string_view handicap, std::string_view komi, std::string_view result,
                std::string_view moves, std::optional<std::size_t> counted = std::nullopt) {
    const auto lines = static_cast<std::size_t>(std::ranges::count(moves, '\n'));
    return "Rated game\n19\nLQC         9DP\nCYY         7D*\nwww.cyberoro.com\n" +
           std::string(handicap) + "\n0\n" + std::string(komi) + "\n20170316 [09:37]\n5\n" +
           std::string(result) + "\n" + std::to_string(counted.value_or(lines)) + "\n" +
           std::string(moves);
}

}  // namespace

TEST_CASE("an NGF file gives players, ranks, date, result, komi and moves", "[formats]") {
    diag::DiagnosticList diags;
    const auto games = read_ngf_games(ngf("0", "7", "Black wins by 0.5!", "PMABBREER\nPMACWEEEE\n"),
                                      "a.ngf", {}, diags);
    CHECK(diags.items.empty());
    REQUIRE(games.size() == 1);
    const game::GameRecord& g = games[0];
    CHECK(g.info.white_player == "LQC");
    CHECK(g.info.white_rank == "9p");
    CHECK(g.info.black_player == "CYY");
    CHECK(g.info.black_rank == "7d*");
    CHECK(g.info.date == "2017-03-16");
    CHECK(g.info.result == "B+0.5");
    // An even game's whole-number komi is half a point more.
    CHECK(g.info.komi == 7.5);
    CHECK(g.info.handicap == 0);
    CHECK(test_support::moves_text(g.moves) == "B[qd] W[dd]");
    CHECK(g.move_locations[0] == diag::SourceLocation{13, 1});
}

TEST_CASE("an NGF handicap game gets its stones and its komi as written", "[formats]") {
    diag::DiagnosticList diags;
    const auto games =
        read_ngf_games(ngf("2", "0", "White wins by  resign!", "PMABWQRRQ\n"), "a.ngf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.handicap == 2);
    CHECK(test_support::points_text(games[0].setup_black) == "dp pd");
    CHECK(games[0].info.komi == 0.0);
    CHECK(games[0].info.result == "W+R");
    CHECK(test_support::moves_text(games[0].moves) == "W[pq]");
}

TEST_CASE("an unreadable NGF move ends the main line with a positioned warning", "[formats]") {
    diag::DiagnosticList diags;
    const auto games =
        read_ngf_games(ngf("0", "6", "", "PMABBREER\nPMACX\nPMADBEEEE\n"), "a.ngf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(test_support::moves_text(games[0].moves) == "B[qd]");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::BadMove);
    CHECK(diags.items[0].where == diag::SourceLocation{14, 1});
}

TEST_CASE("an NGF file with fewer moves than its header counts was cut short: said so",
          "[formats]") {
    diag::DiagnosticList diags;
    const auto games =
        read_ngf_games(ngf("0", "6", "", "PMABBREER\nPMACWEEEE\n", 5), "cut.ngf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(test_support::moves_text(games[0].moves) == "B[qd] W[dd]");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::RecordCutShort);
    CHECK(diags.items[0].message ==
          "the header counts 5 moves, the file ends after 2 (truncated?); read as far as it goes");
    // More move lines than counted is no sign of a cut: nothing said.
    diag::DiagnosticList more;
    read_ngf_games(ngf("0", "6", "", "PMABBREER\nPMACWEEEE\n", 1), "more.ngf", {}, more);
    CHECK(more.items.empty());
}

TEST_CASE("an older NGF file cut short after its first GI line is read, not overrun", "[formats]") {
    // The fuzzer found this: the players' lines were read past the end of the lines.
    for (const std::string text :
         {"GIA title", "GIA title\nGIwhite\n", "GI\nGI\nGI\nPMABBREER\n"}) {
        diag::DiagnosticList diags;
        const auto games = read_ngf_games(text, "short.ngf", {}, diags);
        CHECK(games.size() <= 1);
    }
}
