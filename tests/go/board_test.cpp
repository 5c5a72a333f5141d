#include <catch2/catch.hpp>

#include <array>
#include <utility>
#include <vector>

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


namespace {
// A deliberately naive board: every rule by a fresh flood fill over the whole board, to
// check the real one move by move.
struct ReferenceBoard {
    std::array<Stone, kNumPoints> points{};
    int ko_point = -1;
    Color ko_banned = Color::Black;

    std::vector<int> neighbours(int i) const {
        std::vector<int> out;
        const int x = i % kBoardSize, y = i / kBoardSize;
        if (x > 0) out.push_back(i - 1);
        if (x < kLastLine) out.push_back(i + 1);
        if (y > 0) out.push_back(i - kBoardSize);
        if (y < kLastLine) out.push_back(i + kBoardSize);
        return out;
    }
    // The group at `i` and its number of liberties.
    std::pair<std::vector<int>, int> group(int i) const {
        std::vector<int> stones{i};
        std::array<bool, kNumPoints> seen{};
        std::array<bool, kNumPoints> liberty{};
        seen[static_cast<std::size_t>(i)] = true;
        int liberties = 0;
        for (std::size_t k = 0; k < stones.size(); ++k) {
            for (int q : neighbours(stones[k])) {
                const auto u = static_cast<std::size_t>(q);
                if (points[u] == Stone::Empty && !liberty[u]) {
                    liberty[u] = true;
                    ++liberties;
                } else if (points[u] == points[static_cast<std::size_t>(i)] && !seen[u]) {
                    seen[u] = true;
                    stones.push_back(q);
                }
            }
        }
        return {stones, liberties};
    }
    MoveVerdict play(Color c, int i, int& captured) {
        const auto u = static_cast<std::size_t>(i);
        if (points[u] != Stone::Empty) return MoveVerdict::Occupied;
        if (ko_point == i && ko_banned == c) return MoveVerdict::KoRecapture;
        const auto before = points;
        points[u] = stone_of(c);
        captured = 0;
        int last = -1;
        for (int q : neighbours(i)) {
            if (points[static_cast<std::size_t>(q)] != stone_of(opponent(c))) continue;
            auto [stones, liberties] = group(q);
            if (liberties > 0) continue;
            for (int s : stones) points[static_cast<std::size_t>(s)] = Stone::Empty;
            captured += static_cast<int>(stones.size());
            last = q;
        }
        auto [own, liberties] = group(i);
        if (liberties == 0) {
            points = before;
            return MoveVerdict::Suicide;
        }
        ko_point = -1;
        if (captured == 1 && own.size() == 1 && liberties == 1) {
            ko_point = last;
            ko_banned = opponent(c);
        }
        return MoveVerdict::Legal;
    }
};
}  // namespace

TEST_CASE("random games on a crowded board agree with a naive board", "[board]") {
    // Moves drawn from small regions (a corner, an edge, the centre) make captures of
    // single stones and groups, suicides, kos and occupied points frequent.
    std::uint64_t state = 12345;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>(state >> 33);
    };
    int captures = 0, suicides = 0, kos = 0, multi = 0;
    for (int game = 0; game < 300; ++game) {
        Board board;
        ReferenceBoard reference;
        const int x0 = game % 3 == 0 ? 0 : game % 3 == 1 ? 7 : 13;
        const int y0 = game % 2 == 0 ? 0 : 6;
        const int span = 4 + game % 3;
        Color c = Color::Black;
        for (int move = 0; move < 120; ++move) {
            if (next() % 9 == 0) c = opponent(c);  // omitted passes: the same colour twice
            const int x = x0 + next() % span, y = y0 + next() % span;
            const Point p{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            int expected_captures = 0;
            const MoveVerdict expected = reference.play(c, p.index(), expected_captures);
            const MoveVerdict got = board.play(Move::at(c, p));
            INFO("game " << game << " move " << move);
            REQUIRE(got == expected);
            if (got == MoveVerdict::Legal) {
                REQUIRE(board.last_captures() == expected_captures);
                captures += expected_captures > 0;
                multi += expected_captures > 1;
                kos += reference.ko_point >= 0;
                c = opponent(c);
            } else if (got == MoveVerdict::Suicide) {
                ++suicides;
            }
            for (int i = 0; i < kNumPoints; ++i) {
                REQUIRE(board.at(Point::from_index(i)) == reference.points[static_cast<std::size_t>(i)]);
            }
            REQUIRE(board.hash() == board.hash_from_scratch());
        }
    }
    // The test is only worth something if it met every rule many times.
    CHECK(captures > 100);
    CHECK(multi > 20);
    CHECK(suicides > 20);
    CHECK(kos > 10);
}
