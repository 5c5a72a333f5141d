#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <utility>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/board.hpp"
#include "core/go/zobrist.hpp"
#include "core/sgf/game_reader.hpp"

using namespace josekic::go;

namespace {
Move black(const char* sgf) {
    return Move::at(Color::Black, *point_from_sgf(sgf));
}
Move white(const char* sgf) {
    return Move::at(Color::White, *point_from_sgf(sgf));
}
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
    // The stones left: Black's ba and ab.
    CHECK(board.hash() == (zobrist_key(Color::Black, *point_from_sgf("ba")) ^
                           zobrist_key(Color::Black, *point_from_sgf("ab"))));
}

TEST_CASE("capturing a group of three on the edge", "[board]") {
    Board board;
    for (const char* p : {"ca", "da", "ea"}) board.place_setup(Color::White, *point_from_sgf(p));
    for (const char* p : {"ba", "cb", "db", "eb"})
        board.place_setup(Color::Black, *point_from_sgf(p));
    REQUIRE(board.play(black("fa")) == MoveVerdict::Legal);
    CHECK(board.last_captures() == 3);
    CHECK(board.stone_count() == 5);
    std::uint64_t black_stones = 0;  // the stones left: Black's five
    for (const char* p : {"ba", "cb", "db", "eb", "fa"})
        black_stones ^= zobrist_key(Color::Black, *point_from_sgf(p));
    CHECK(board.hash() == black_stones);
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

namespace {
// White's stone at cc is in atari: Black's dc takes it and makes a ko.
Board ko_position() {
    return Board::from_diagram(
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
}
}  // namespace

TEST_CASE("ko: the immediate recapture is refused, later it is allowed", "[board]") {
    // Black takes the white stone at cc by playing dc; White may not retake at cc at once.
    Board board = ko_position();
    REQUIRE(board.play(black("dc")) == MoveVerdict::Legal);  // captures the white stone at cc
    CHECK(board.last_captures() == 1);
    CHECK(board.at(*point_from_sgf("cc")) == Stone::Empty);
    CHECK(board.ko_point() == point_from_sgf("cc"));
    CHECK(board.ko_banned() == Color::White);
    CHECK(board.play(white("cc")) == MoveVerdict::KoRecapture);
    {
        // A record with two Black moves in a row (an omitted pass): the ban binds White only.
        Board same_colour_again = board;
        CHECK(same_colour_again.play(black("cc")) == MoveVerdict::Legal);
    }
    REQUIRE(board.play(white("pd")) == MoveVerdict::Legal);  // a ko threat elsewhere
    CHECK_FALSE(board.ko_point());
    REQUIRE(board.play(black("pp")) == MoveVerdict::Legal);
    CHECK(board.play(white("cc")) == MoveVerdict::Legal);  // now the retake is legal
    CHECK(board.at(*point_from_sgf("dc")) == Stone::Empty);
    // The two captures undid each other: the start, plus White's pd and Black's pp.
    CHECK(board.hash() == (ko_position().hash() ^ zobrist_key(Color::White, *point_from_sgf("pd")) ^
                           zobrist_key(Color::Black, *point_from_sgf("pp"))));
}

TEST_CASE("a refused suicide keeps the ko ban and the last capture count", "[board]") {
    // Black has just taken the ko at cc (by dc); White's suicide at sa is refused and must
    // not lift the ban: the retake at cc is still refused.
    Board board = ko_position();
    board.place_setup(Color::Black, *point_from_sgf("ra"));
    board.place_setup(Color::Black, *point_from_sgf("sb"));
    REQUIRE(board.play(black("dc")) == MoveVerdict::Legal);
    REQUIRE(board.last_captures() == 1);
    CHECK(board.play(white("sa")) == MoveVerdict::Suicide);
    CHECK(board.last_captures() == 1);
    CHECK(board.play(white("cc")) == MoveVerdict::KoRecapture);
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
        std::vector<int> taken;
        const MoveVerdict verdict = play(c, i, taken);
        captured = static_cast<int>(taken.size());
        return verdict;
    }
    MoveVerdict play(Color c, int i, std::vector<int>& taken) {
        const auto u = static_cast<std::size_t>(i);
        if (points[u] != Stone::Empty) return MoveVerdict::Occupied;
        if (ko_point == i && ko_banned == c) return MoveVerdict::KoRecapture;
        const auto before = points;
        points[u] = stone_of(c);
        taken.clear();
        int last = -1;
        for (int q : neighbours(i)) {
            if (points[static_cast<std::size_t>(q)] != stone_of(opponent(c))) continue;
            auto [stones, liberties] = group(q);
            if (liberties > 0) continue;
            for (int s : stones) points[static_cast<std::size_t>(s)] = Stone::Empty;
            taken.insert(taken.end(), stones.begin(), stones.end());
            last = q;
        }
        const int captured = static_cast<int>(taken.size());
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
    // Setup stones and AE as the SGF reader gives them: no capture, the ko ban lifted.
    void set(int i, Stone s) {
        points[static_cast<std::size_t>(i)] = s;
        ko_point = -1;
    }
    std::uint64_t hash() const {
        std::uint64_t h = 0;
        for (int i = 0; i < kNumPoints; ++i) {
            const Stone s = points[static_cast<std::size_t>(i)];
            if (s != Stone::Empty)
                h ^= zobrist_key(s == Stone::Black ? Color::Black : Color::White, i);
        }
        return h;
    }
};

// The real board agrees with the reference: every point, the hash and the stone count.
void require_same(const Board& board, const ReferenceBoard& reference) {
    int stones = 0;
    for (int i = 0; i < kNumPoints; ++i) {
        const Stone expected = reference.points[static_cast<std::size_t>(i)];
        REQUIRE(board.at(Point::from_index(i)) == expected);
        stones += expected != Stone::Empty ? 1 : 0;
    }
    REQUIRE(board.hash() == reference.hash());
    REQUIRE(board.stone_count() == stones);
    // The ko point is part of the position: the board's public one is the reference's.
    const std::optional<Point> ko = board.ko_point();
    REQUIRE(ko.has_value() == (reference.ko_point >= 0));
    if (ko) {
        REQUIRE(ko->index() == reference.ko_point);
        REQUIRE(board.ko_banned() == reference.ko_banned);
    }
}

std::vector<int> sorted(std::span<const std::uint16_t> points) {
    std::vector<int> out(points.begin(), points.end());
    std::sort(out.begin(), out.end());
    return out;
}

// A fixed-seed generator (an LCG), so that every run tests the same games.
struct Lcg {
    std::uint64_t state;
    int next(int bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
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
                REQUIRE(static_cast<int>(board.last_captured_points().size()) == expected_captures);
                captures += expected_captures > 0;
                multi += expected_captures > 1;
                kos += reference.ko_point >= 0;
                c = opponent(c);
            } else if (got == MoveVerdict::Suicide) {
                ++suicides;
            }
            for (int i = 0; i < kNumPoints; ++i) {
                REQUIRE(board.at(Point::from_index(i)) ==
                        reference.points[static_cast<std::size_t>(i)]);
            }
            REQUIRE(board.hash() == reference.hash());
        }
    }
    // The test is only worth something if it met every rule many times.
    CHECK(captures > 100);
    CHECK(multi > 20);
    CHECK(suicides > 20);
    CHECK(kos > 10);
}

TEST_CASE("random whole-board games with setup and AE agree with a naive board", "[board]") {
    // Moves anywhere on the board make long games with large groups merging and dying;
    // setup stones (on empty and occupied points) and AE, which may split a group, are
    // mixed in. Each step checks the verdict, the captured points, every point and the hash.
    Lcg random{2024};
    int captures = 0, large_captures = 0, suicides = 0, kos = 0, ko_refusals = 0, edits = 0;
    for (int game = 0; game < 100; ++game) {
        Board board;
        ReferenceBoard reference;
        Color c = Color::Black;
        for (int step = 0; step < 700; ++step) {
            INFO("game " << game << " step " << step);
            int i = random.next(kNumPoints);
            const int kind = random.next(100);
            if (reference.ko_point >= 0 && random.next(3) == 0) {
                i = reference.ko_point;  // the retake, by either colour
                if (random.next(4) != 0) c = reference.ko_banned;
            }
            const Point p = Point::from_index(i);
            if (kind < 2) {
                const Color setup = random.next(2) == 0 ? Color::Black : Color::White;
                board.place_setup(setup, p);
                reference.set(i, stone_of(setup));
                ++edits;
            } else if (kind < 4) {
                board.clear(p);
                reference.set(i, Stone::Empty);
                ++edits;
            } else {
                if (random.next(12) == 0) c = opponent(c);  // omitted passes
                std::vector<int> taken;
                const MoveVerdict expected = reference.play(c, i, taken);
                REQUIRE(board.play(Move::at(c, p)) == expected);
                if (expected == MoveVerdict::Legal) {
                    std::sort(taken.begin(), taken.end());
                    REQUIRE(board.last_captures() == static_cast<int>(taken.size()));
                    REQUIRE(sorted(board.last_captured_points()) == taken);
                    captures += taken.empty() ? 0 : 1;
                    large_captures += taken.size() >= 5 ? 1 : 0;
                    kos += reference.ko_point >= 0 ? 1 : 0;
                    c = opponent(c);
                } else if (expected == MoveVerdict::Suicide) {
                    ++suicides;
                } else if (expected == MoveVerdict::KoRecapture) {
                    ++ko_refusals;
                }
            }
            require_same(board, reference);
        }
    }
    CHECK(captures > 500);
    CHECK(large_captures > 20);
    CHECK(suicides > 100);
    CHECK(kos > 20);
    CHECK(ko_refusals > 20);
    CHECK(edits > 1000);
}

TEST_CASE("play_line plays like play() move by move and stops at the first illegal move",
          "[board]") {
    Lcg random{77};
    for (int game = 0; game < 50; ++game) {
        std::vector<Move> moves;
        Color c = Color::Black;
        for (int k = 0; k < 300; ++k) {
            moves.push_back(random.next(50) == 0
                                ? Move::pass(c)
                                : Move::at(c, Point::from_index(random.next(kNumPoints))));
            c = opponent(c);
        }
        Board one_by_one;
        std::size_t legal = 0;
        MoveVerdict stop = MoveVerdict::Legal;
        for (const Move& m : moves) {
            stop = one_by_one.play(m);
            if (stop != MoveVerdict::Legal) break;
            ++legal;
        }
        Board line;
        const Board::LineResult result = line.play_line(moves);
        CHECK(result.played == legal);
        CHECK(result.stopped_by == stop);
        CHECK(line.to_diagram() == one_by_one.to_diagram());
        CHECK(line.last_captures() == one_by_one.last_captures());
    }
}

namespace {
// Replays every game of the SGF files under `dir` on both boards, move by move; returns the
// number of moves compared.
long compare_on_real_games(const std::filesystem::path& dir) {
    long moves = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        josekic::diag::DiagnosticList problems;
        for (const auto& game :
             josekic::sgf::read_games(bytes.str(), entry.path().string(), {}, problems)) {
            if (game.board_width != kBoardSize || game.board_height != kBoardSize) continue;
            INFO(entry.path().string());
            Board board;
            ReferenceBoard reference;
            for (Point p : game.setup_black) {
                board.place_setup(Color::Black, p);
                reference.set(p.index(), Stone::Black);
            }
            for (Point p : game.setup_white) {
                board.place_setup(Color::White, p);
                reference.set(p.index(), Stone::White);
            }
            for (const Move& m : game.moves) {
                ++moves;
                if (m.is_pass()) {
                    REQUIRE(board.play(m) == MoveVerdict::Legal);
                    reference.ko_point = -1;
                    continue;
                }
                std::vector<int> taken;
                const MoveVerdict expected = reference.play(m.color, m.point->index(), taken);
                REQUIRE(board.play(m) == expected);
                if (expected != MoveVerdict::Legal) break;  // replay stops there too
                std::sort(taken.begin(), taken.end());
                REQUIRE(sorted(board.last_captured_points()) == taken);
                require_same(board, reference);
            }
        }
    }
    return moves;
}
}  // namespace

TEST_CASE("real games agree with a naive board", "[board]") {
    // Debian's goban package (pro games) where it is installed; JOSEKIC_BOARD_GAMES names
    // another directory (e.g. a whole corpus) to compare on.
    std::vector<std::filesystem::path> dirs;
    if (const char* extra = std::getenv("JOSEKIC_BOARD_GAMES")) dirs.emplace_back(extra);
    if (std::filesystem::is_directory("/usr/share/goban")) dirs.emplace_back("/usr/share/goban");
    dirs.emplace_back(std::string(JOSEKIC_SOURCE_DIR) + "/samples");
    long moves = 0;
    for (const auto& dir : dirs) moves += compare_on_real_games(dir);
    CHECK(moves > 100);
}
