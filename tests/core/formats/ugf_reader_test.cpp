#include <catch2/catch.hpp>

#include <string>

#include "core/formats/ugf_reader.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using formats::read_ugf_games;

namespace {

std::string ugf(std::string_view header, std::string_view data) {
    return "[Header]\r\nLang=SJIS\r\nDate=2019/03/08,22:09:00,2019/03/09,07:16:59\r\nSize=19\r\n" +
           std::string(header) + "PlayerB=kaziwami,7d,,panda@.jp\r\nPlayerW=YINNI,8d,,\r\n" +
           "[Data]\r\n" + std::string(data) + "[ReviewNode]\r\nNODE,1,0,0,0\r\n";
}

}  // namespace

TEST_CASE("a UGF file gives players, ranks, date, result, komi and moves", "[formats]") {
    diag::DiagnosticList diags;
    const auto games = read_ugf_games(
        ugf("Hdcp=0,6.50\r\nWinner=B,7.50\r\n", "QP,B1,1,0\r\nDP,W1,2,0\r\nYA,B1,3,0\r\n"), "a.ugf",
        {}, diags);
    CHECK(diags.items.empty());
    REQUIRE(games.size() == 1);
    const game::GameRecord& g = games[0];
    CHECK(g.info.black_player == "kaziwami");
    CHECK(g.info.black_rank == "7d");
    CHECK(g.info.white_player == "YINNI");
    CHECK(g.info.white_rank == "8d");
    CHECK(g.info.date == "2019-03-08");
    CHECK(g.info.year == 2019);
    CHECK(g.info.result == "B+7.50");
    CHECK(g.info.winner == game::Winner::Black);
    CHECK(g.info.komi == 6.5);
    // Rows count from the bottom edge: QP is the upper-right 4-4 point; YA is a pass.
    CHECK(test_support::moves_text(g.moves) == "B[qd] W[dd] B[]");
    CHECK(g.move_locations[1] == diag::SourceLocation{11, 1});
}

TEST_CASE("UGF handicap stones are the black stones numbered 0", "[formats]") {
    diag::DiagnosticList diags;
    const auto games = read_ugf_games(
        ugf("Hdcp=2,0.50\r\nWinner=W,C\r\n", "DD,B1,0,0\r\nPP,B1,0,0\r\nQQ,W1,1,0\r\n"), "a.ugf",
        {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.handicap == 2);
    CHECK(test_support::points_text(games[0].setup_black) == "dp pd");
    CHECK(test_support::moves_text(games[0].moves) == "W[qc]");
    CHECK(games[0].info.result == "W+R");
}

TEST_CASE("a UGF move off the board ends the main line with a positioned warning", "[formats]") {
    diag::DiagnosticList diags;
    const auto games =
        read_ugf_games(ugf("", "QP,B1,1,0\r\nZZ,W1,2,0\r\nDP,B1,3,0\r\n"), "a.ugf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(test_support::moves_text(games[0].moves) == "B[qd]");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::BadMove);
    CHECK(diags.items[0].where == diag::SourceLocation{9, 1});
}

TEST_CASE("a UGF size given again, or after the moves, does not move them off the board",
          "[formats]") {
    // A second [Header] after the moves (found by the fuzzer): its Size is not the board the
    // moves were read on.
    const std::string again = ugf("", "AA,B1,1,0\r\nSS,W1,2,0\r\n") + "[Header]\r\nSize=18\r\n";
    // A [Data] before its [Header]: the moves are read on the 19x19 board.
    const std::string data_first =
        "[Data]\r\nSS,B1,1,0\r\n[Header]\r\nSize=9\r\nPlayerB=a,1d,,\r\n";
    for (const std::string& file : {again, data_first}) {
        diag::DiagnosticList diags;
        const auto games = read_ugf_games(file, "a.ugf", {}, diags);
        REQUIRE(games.size() == 1);
        const game::GameRecord& g = games[0];
        CHECK(g.board_width == 19);
        CHECK(g.board_height == 19);
        for (const go::Move& m : g.moves) {
            REQUIRE(m.point);
            CHECK(m.point->x < g.board_width);
            CHECK(m.point->y < g.board_height);
        }
    }
}
