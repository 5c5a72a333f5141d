#include <catch2/catch.hpp>

#include <string>

#include "core/formats/gib_reader.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using formats::read_gib_games;

namespace {

// A small GIB file as Tygem writes it: header lines, then the game section.
const std::string kThreeStoneGame =
    "\\HS\r\n"
    "\\[GAMEWHITENAME=leejw977 (10K)\\]\r\n"
    "\\[GAMEBLACKNAME=jy512 (15K)\\]\r\n"
    "\\[GAMEINFOMAIN=GBKIND:3,GTYPE:1,GRLT:1,ZIPSU:35,DUM:5,GONGJE:65,TCNT:0\\]\r\n"
    "\\[GAMETAG=S1,R3,D5,G0,W255,Z0,T30-3-1200,C2016:03:26:17:29,I:leejw977\\]\r\n"
    "\\HE\r\n"
    "\\GS\r\n"
    "2 1 0\r\n"
    "INI 0 1 3 &4 \r\n"
    "STO 0 2 2 15 15 \r\n"
    "STO 0 3 1 13 16 \r\n"
    "\\GE\r\n";

}  // namespace

TEST_CASE("a GIB file gives players, ranks, date, result, komi, handicap and moves", "[formats]") {
    diag::DiagnosticList diags;
    const auto games = read_gib_games(kThreeStoneGame, "a.gib", {}, diags);
    CHECK(diags.items.empty());
    REQUIRE(games.size() == 1);
    const game::GameRecord& g = games[0];
    CHECK(g.info.white_player == "leejw977");
    CHECK(g.info.white_rank == "10K");
    CHECK(g.info.black_player == "jy512");
    CHECK(g.info.black_rank == "15K");
    CHECK(g.info.date == "2016-03-26");
    CHECK(g.info.year == 2016);
    // GAMEINFOMAIN says W+3.5 and komi 6.5 before GAMETAG's "unfinished" and komi 0.
    CHECK(g.info.result == "W+3.5");
    CHECK(g.info.winner == game::Winner::White);
    CHECK(g.info.komi == 6.5);
    CHECK(g.info.handicap == 3);
    CHECK(test_support::points_text(g.setup_black) == "dp pd dd");
    CHECK(test_support::moves_text(g.moves) == "W[pp] B[nq]");
    REQUIRE(g.move_locations.size() == 2);
    CHECK(g.move_locations[1] == diag::SourceLocation{11, 1});
}

TEST_CASE("a GIB move off the board ends the main line with a positioned warning", "[formats]") {
    const std::string gib =
        "\\HS\n\\HE\n\\GS\nSTO 0 2 1 3 3\nSTO 0 3 2 19 3\nSTO 0 4 1 4 4\n\\GE\n";
    diag::DiagnosticList diags;
    const auto games = read_gib_games(gib, "a.gib", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(test_support::moves_text(games[0].moves) == "B[dd]");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::BadMove);
    CHECK(diags.items[0].where == diag::SourceLocation{5, 1});
}

TEST_CASE("a GIB result by resignation or on time, and GAMETAG as a fallback", "[formats]") {
    const std::string gib =
        "\\HS\n\\[GAMETAG=S0,R0,D0,G65,W7,Z0,C2015:08:29:22:56\\]\n\\HE\n\\GS\nSTO 0 2 1 3 3\n";
    diag::DiagnosticList diags;
    const auto games = read_gib_games(gib, "a.gib", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.result == "B+T");
    CHECK(games[0].info.komi == 6.5);
    CHECK(games[0].info.date == "2015-08-29");
}

TEST_CASE("a GIB game without its end mark was cut short: said so, read as far as it goes",
          "[formats]") {
    diag::DiagnosticList diags;
    const auto games =
        read_gib_games("\\HS\n\\HE\n\\GS\nSTO 0 2 1 3 3\nSTO 0 3 2 15 15", "cut.gib", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(test_support::moves_text(games[0].moves) == "B[dd] W[pp]");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::RecordCutShort);
    CHECK(diags.items[0].where == diag::SourceLocation{5, 16});
    CHECK(diags.items[0].message ==
          "the game has no end mark (\\GE): the file ends after 2 "
          "moves (truncated?); read as far as it goes");
}

TEST_CASE("a GIB file with neither header nor moves is an error, not a game", "[formats]") {
    diag::DiagnosticList diags;
    CHECK(read_gib_games("hello\n", "a.gib", {}, diags).empty());
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::NoGameRecord);
    CHECK(diags.items[0].severity == diag::Severity::Error);
}
