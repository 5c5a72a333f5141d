#include <catch2/catch.hpp>

#include "compiler/go/board.hpp"

using namespace josekic::go;

namespace {
Move black(const char* sgf) { return Move::at(Color::Black, *point_from_sgf(sgf)); }
Move white(const char* sgf) { return Move::at(Color::White, *point_from_sgf(sgf)); }
}  // namespace

TEST_CASE("a diagram reads and writes back", "[board]") {
    const char* diagram =
        "X.................O\n"
        "...................\n"
        "...................\n"
        "...X...........O...\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        ".........X.........\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...O...............\n"
        "...................\n"
        "...................\n"
        "O.................X\n";
    const Board board = Board::from_diagram(diagram);
    CHECK(board.to_diagram() == diagram);
    CHECK(board.at(*point_from_sgf("aa")) == Stone::Black);
    CHECK(board.at(*point_from_sgf("sa")) == Stone::White);
    CHECK(board.at(*point_from_sgf("jj")) == Stone::Black);
    CHECK(board.stone_count() == 8);
}

TEST_CASE("capturing a stone in the corner", "[board]") {
    Board board;
    board.place_setup(Color::White, *point_from_sgf("aa"));
    board.place_setup(Color::Black, *point_from_sgf("ba"));
    REQUIRE(board.play(black("ab")) == MoveVerdict::Legal);
    CHECK(board.last_captures() == 1);
    CHECK(board.at(*point_from_sgf("aa")) == Stone::Empty);
    CHECK(board.hash() == board.hash_from_scratch());
}

TEST_CASE("capturing a group of three on the edge", "[board]") {
    Board board;
    for (const char* p : {"ca", "da", "ea"}) board.place_setup(Color::White, *point_from_sgf(p));
    for (const char* p : {"ba", "cb", "db", "eb"}) board.place_setup(Color::Black, *point_from_sgf(p));
    REQUIRE(board.play(black("fa")) == MoveVerdict::Legal);
    CHECK(board.last_captures() == 3);
    CHECK(board.stone_count() == 5);
    CHECK(board.hash() == board.hash_from_scratch());
}

TEST_CASE("suicide is refused and leaves the board unchanged", "[board]") {
    Board board;
    board.place_setup(Color::Black, *point_from_sgf("ba"));
    board.place_setup(Color::Black, *point_from_sgf("ab"));
    const std::uint64_t before = board.hash();
    CHECK(board.play(white("aa")) == MoveVerdict::Suicide);
    CHECK(board.at(*point_from_sgf("aa")) == Stone::Empty);
    CHECK(board.hash() == before);
}

TEST_CASE("a move onto an occupied point is refused", "[board]") {
    Board board;
    REQUIRE(board.play(black("pd")) == MoveVerdict::Legal);
    CHECK(board.play(white("pd")) == MoveVerdict::Occupied);
    CHECK(board.at(*point_from_sgf("pd")) == Stone::Black);
}

TEST_CASE("ko: the immediate recapture is refused, later it is allowed", "[board]") {
    // Black takes the white stone at cc by playing dc; White may not retake at cc at once.
    Board board = Board::from_diagram(
        "...................\n"
        "..XO...............\n"
        ".XO.O..............\n"
        "..XO...............\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n"
        "...................\n");
    REQUIRE(board.play(black("dc")) == MoveVerdict::Legal);  // captures the white stone at cc
    CHECK(board.last_captures() == 1);
    CHECK(board.at(*point_from_sgf("cc")) == Stone::Empty);
    CHECK(board.play(white("cc")) == MoveVerdict::KoRecapture);
    {
        // A record with two Black moves in a row (an omitted pass): the ban binds White only.
        Board same_colour_again = board;
        CHECK(same_colour_again.play(black("cc")) == MoveVerdict::Legal);
    }
    REQUIRE(board.play(white("pd")) == MoveVerdict::Legal);  // a ko threat elsewhere
    REQUIRE(board.play(black("pp")) == MoveVerdict::Legal);
    CHECK(board.play(white("cc")) == MoveVerdict::Legal);  // now the retake is legal
    CHECK(board.at(*point_from_sgf("dc")) == Stone::Empty);
    CHECK(board.hash() == board.hash_from_scratch());
}

