#include <catch2/catch.hpp>

#include <string>

#include "core/game/skip_rules.hpp"
#include "core/sgf/game_reader.hpp"

using namespace josekic;

namespace {

// The first game of `sgf`, read as compile reads it.
game::GameRecord first_game(const std::string& sgf) {
    diag::DiagnosticList diags;
    auto games = sgf::read_games(sgf, "h.sgf", {}, diags);
    REQUIRE(games.size() == 1);
    return std::move(games.front());
}

}  // namespace

TEST_CASE("a game whose HA places no stones before White's first move is said so", "[game]") {
    // Fox writes some handicap games so: White moves first on an empty board.
    const auto missing =
        game::handicap_without_stones(first_game("(;GM[1]SZ[19]HA[5]KM[0];W[fq];B[hq];W[nq])"));
    REQUIRE(missing.has_value());
    CHECK(missing->code == diag::Code::HandicapWithoutStones);
    CHECK(missing->severity == diag::Severity::Warning);
    CHECK(missing->message ==
          "game 1: HA[5] gives 5 handicap stones, but none are placed (no AB or AW, and White "
          "moves first); its corners are read as recorded, empty");
    // The stones as AB, in the root or the node after it (Fox), or as Black's first moves;
    // no handicap at all: nothing to say.
    for (const char* placed :
         {"(;GM[1]SZ[19]HA[2]AB[dp][pd];W[dd])", "(;GM[1]SZ[19]HA[2];AB[dp][pd];W[dd])",
          "(;GM[1]SZ[19]HA[2];B[dp];B[pd];W[dd])", "(;GM[1]SZ[19]HA[0];W[dd];B[pd])"}) {
        INFO(placed);
        CHECK_FALSE(game::handicap_without_stones(first_game(placed)).has_value());
    }
}

TEST_CASE("the game read from a file is its first that compile analyses", "[game]") {
    diag::DiagnosticList diags;
    const std::string file = "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[19];B[pd];W[dd])(;GM[1]SZ[19];B[dd])";
    const auto first = game::first_playable_game(sgf::read_games(file, "m.sgf", {}, diags), diags);
    REQUIRE(first.has_value());
    CHECK(first->number == 2);
    CHECK(first->games_in_file == 3);
    CHECK(first->game.legal_moves == 2);
    // The 9x9 game is skipped as compile skips it: with its warning.
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::Not19x19);

    diag::DiagnosticList none;
    CHECK_FALSE(
        game::first_playable_game(sgf::read_games("(;GM[1]SZ[9];B[ee])", "n.sgf", {}, none), none)
            .has_value());
}
