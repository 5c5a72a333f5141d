#include <catch2/catch.hpp>

#include "core/sgf/game_info_text.hpp"
#include "core/sgf/game_reader.hpp"

using namespace josekic;
using namespace josekic::sgf;

namespace {
int count_code(const diag::DiagnosticList& list, diag::Code code) {
    int n = 0;
    for (const auto& d : list.items) n += d.code == code ? 1 : 0;
    return n;
}
go::Point pt(const char* s) {
    return *go::point_from_sgf(s);
}
}  // namespace

TEST_CASE("game information of a root node", "[sgf]") {
    diag::DiagnosticList diags;
    const auto games = read_games(
        "(;GM[1]FF[4]SZ[19]PB[Cho Chikun]BR[9p]PW[Kobayashi Koichi]WR[9p]DT[1986, March 5,6]"
        "EV[10th Kisei]RO[3]RE[W+R]HA[0]KM[5.5];B[pd];W[dp])",
        "a/b.sgf", {}, diags);
    REQUIRE(games.size() == 1);
    const auto& g = games[0];
    CHECK(g.source_path == "a/b.sgf");
    CHECK(g.index_in_file == 1);
    CHECK(g.location == diag::SourceLocation{1, 1});
    CHECK(g.info.black_player == "Cho Chikun");
    CHECK(g.info.white_rank == "9p");
    CHECK(g.info.year == 1986);
    CHECK(g.info.event == "10th Kisei, round 3");
    CHECK(g.info.winner == game::Winner::White);
    CHECK(g.info.komi == 5.5);
    CHECK(g.moves == std::vector<go::Move>{go::Move::at(go::Color::Black, pt("pd")),
                                           go::Move::at(go::Color::White, pt("dp"))});
    CHECK(g.move_locations[1] == diag::SourceLocation{1, 131});
    CHECK(diags.items.empty());
}

TEST_CASE("years from free-form DT", "[sgf]") {
    CHECK(year_from_date("1966, August 5,6") == 1966);
    CHECK(year_from_date("1999-01-05,06") == 1999);
    CHECK(year_from_date("2003-2004") == 2003);
    CHECK(year_from_date("1941") == 1941);
    CHECK(year_from_date("5th month of 1625") == 1625);
    CHECK(year_from_date("2019-12-31T10:00:00") == 2019);
    CHECK(year_from_date("12345, 0999, 1492") == std::nullopt);
    CHECK(year_from_date("") == std::nullopt);
    CHECK(year_from_date("05.06.98") == std::nullopt);
}

TEST_CASE("a two-digit year written YY-MM-DD is read around the pivot", "[sgf]") {
    CHECK(year_from_date("97-05-12") == 1997);
    CHECK(year_from_date("30-01-01") == 1930);
    CHECK(year_from_date("29-12-31") == 2029);
    CHECK(year_from_date("03-05-12,13") == 2003);
    CHECK(year_from_date("05-06-98") == std::nullopt);  // no day 98: not YY-MM-DD
    CHECK(year_from_date("97-13-01") == std::nullopt);
    CHECK(year_from_date("97/05/12") == std::nullopt);
    CHECK(year_from_date("197-05-12") == std::nullopt);
    CHECK(year_from_date("1997-05-12, 97-05-13") == 1997);  // four digits win
}

TEST_CASE("every RE form names a winner, a draw or nothing", "[sgf]") {
    using game::Winner;
    CHECK(winner_from_result("B+R") == Winner::Black);
    CHECK(winner_from_result("W+3.5") == Winner::White);
    CHECK(winner_from_result("B+T") == Winner::Black);
    CHECK(winner_from_result("b+offline") == Winner::Black);
    CHECK(winner_from_result("B+Offline") == Winner::Black);
    CHECK(winner_from_result("w+resign") == Winner::White);
    CHECK(winner_from_result("White wins") == Winner::White);
    CHECK(winner_from_result("Jigo") == Winner::Draw);
    CHECK(winner_from_result("jigo") == Winner::Draw);
    CHECK(winner_from_result("0") == Winner::Draw);
    CHECK(winner_from_result("Draw") == Winner::Draw);
    CHECK(winner_from_result("W+Jigo") == Winner::White);  // komi 5, jigo to White (1950s-70s)
    CHECK(winner_from_result("b+jigo") == Winner::Black);
    CHECK(winner_from_result("W+0.5") == Winner::White);
    CHECK(winner_from_result("B+0.0") == Winner::Black);   // Fox's, not a draw
    CHECK(winner_from_result("B+Draw") == Winner::Black);  // the prefix names the winner
    CHECK(winner_from_result("Void") == Winner::Unknown);
    CHECK(winner_from_result("?") == Winner::Unknown);
    CHECK(winner_from_result("") == Winner::Unknown);
    CHECK(winner_from_result("黑中盘胜") == Winner::Black);
    CHECK(winner_from_result("白胜3/4子") == Winner::White);
}

TEST_CASE("komi, including Fox's x50 storage", "[sgf]") {
    CHECK(komi_from_text("6.5", "") == 6.5);
    CHECK(komi_from_text("7,5", "") == 7.5);
    CHECK(komi_from_text("375", "Chinese") == 7.5);
    CHECK(komi_from_text("325", "Chinese") == 6.5);
    CHECK(komi_from_text("650", "Japanese") == 6.5);
    CHECK(komi_from_text("0", "") == 0.0);
    CHECK(komi_from_text("-5.5", "") == -5.5);
    CHECK(komi_from_text("none", "") == std::nullopt);
    diag::DiagnosticList diags;
    const auto g = read_games("(;HA[2]KM[0]AB[dp][pd];W[pp])", "t", {}, diags);
    CHECK(g[0].info.handicap == 2);
    CHECK(g[0].info.komi == 0.0);
    CHECK(g[0].setup_black == std::vector<go::Point>{pt("dp"), pt("pd")});
}

TEST_CASE("board sizes", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games(
        "(;GM[1];B[aa])(;SZ[19:19];B[aa])(;SZ[9];B[ee])(;SZ[13:9])(;SZ[big])(;GM[2]SZ[8])", "t", {},
        diags);
    REQUIRE(g.size() == 6);
    CHECK(g[0].board_width == 19);
    CHECK(g[1].board_height == 19);
    CHECK(g[2].board_width == 9);
    CHECK(g[2].moves.size() == 1);
    CHECK(g[3].board_width == 13);
    CHECK(g[3].board_height == 9);
    CHECK(g[4].board_width == 19);
    CHECK(g[5].game_type == 2);
    CHECK(g[5].index_in_file == 6);
    CHECK(count_code(diags, diag::Code::BadSize) == 1);
}

TEST_CASE("passes as B[] and B[tt]", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;SZ[19];B[pd];W[];B[tt];W[ dp ])", "t", {}, diags);
    REQUIRE(g[0].moves.size() == 4);
    CHECK(g[0].moves[1] == go::Move::pass(go::Color::White));
    CHECK(g[0].moves[2] == go::Move::pass(go::Color::Black));
    CHECK(g[0].moves[3] == go::Move::at(go::Color::White, pt("dp")));
    CHECK(diags.items.empty());
}

TEST_CASE("compressed point lists in setup", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;AB[aa:bb][dd]AW[cc:cd]AB[ss];B[pp])", "t", {}, diags);
    CHECK(g[0].setup_black ==
          std::vector<go::Point>{pt("aa"), pt("ba"), pt("ab"), pt("bb"), pt("dd"), pt("ss")});
    CHECK(g[0].setup_white == std::vector<go::Point>{pt("cc"), pt("cd")});
    CHECK(diags.items.empty());
}

TEST_CASE("a bad move ends the main line there", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;B[pd];W[zz];B[dd])", "t", {}, diags);
    CHECK(g[0].moves.size() == 1);
    REQUIRE(count_code(diags, diag::Code::BadMove) == 1);
    CHECK(diags.items[0].where == diag::SourceLocation{1, 11});
}

TEST_CASE("setup after the root cuts the main line before that node", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;B[pd];W[dd];AB[qq];B[pp])", "t", {}, diags);
    CHECK(g[0].moves.size() == 2);
    CHECK(count_code(diags, diag::Code::SetupInMainLine) == 1);
}

TEST_CASE("only the main line is read, variations are ignored", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;B[pd](;W[dd];B[pp])(;W[dp];B[dd];W[qq]))", "t", {}, diags);
    REQUIRE(g[0].moves.size() == 3);
    CHECK(g[0].moves[2] == go::Move::at(go::Color::Black, pt("pp")));
}

TEST_CASE("several games in a file are numbered from 1", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("junk(;PB[a];B[aa])\n(;PB[b];B[bb])\n(;PB[c];B[cc]", "t", {}, diags);
    REQUIRE(g.size() == 3);
    CHECK(g[2].info.black_player == "c");
    CHECK(g[2].index_in_file == 3);
    CHECK(g[1].location == diag::SourceLocation{2, 1});
}

TEST_CASE("FF[1] files with long names and moves after the result", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g =
        read_games("(;FileFormat[1]GaMe[1]PlayerBlack[Old]RE[B+R];Black[pd];White[dd];Black[pp])",
                   "t", {}, diags);
    CHECK(g[0].info.black_player == "Old");
    CHECK(g[0].info.winner == game::Winner::Black);
    CHECK(g[0].moves.size() == 3);
}

TEST_CASE("setup before the first move, in a node after the root, is setup", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;GM[1]HA[2];AB[dp][pd];W[pp])", "t", {}, diags);
    CHECK(g[0].setup_black == std::vector<go::Point>{pt("dp"), pt("pd")});
    CHECK(g[0].moves.size() == 1);
    CHECK(diags.items.empty());
}

TEST_CASE("a root property given twice counts once, the first time", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games(
        "(;GM[1]PB[first]KM[6.5]SZ[19]PB[second]GM[2]KM[x]SZ[9]HA[x]HA[3];B[aa])", "t", {}, diags);
    REQUIRE(g.size() == 1);
    CHECK(g[0].game_type == 1);
    CHECK(g[0].info.black_player == "first");
    CHECK(g[0].info.komi == 6.5);
    CHECK(g[0].board_width == 19);
    CHECK(g[0].info.handicap == 0);
    CHECK(count_code(diags, diag::Code::BadNumber) == 1);
    CHECK(g[0].moves.size() == 1);
}

TEST_CASE("a negative HA is no handicap, and said so", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_games("(;GM[1]SZ[19]HA[-2];B[pd])", "t.sgf", {}, diags);
    REQUIRE(g.size() == 1);
    CHECK(g[0].info.handicap == 0);
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::BadNumber);
    CHECK(diags.items[0].where == diag::SourceLocation{1, 17});
    CHECK(diags.items[0].message == "HA[-2] is not a number of handicap stones; ignored");
}
