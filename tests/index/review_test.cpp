#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/diag/diagnostic.hpp"
#include "core/game/replay.hpp"
#include "core/sgf/game_reader.hpp"
#include "index/index_reader.hpp"
#include "index/review.hpp"
#include "index/reviewed_sgf.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

index::GameReview review_of(const fs::path& dict, const std::string& sgf) {
    diag::DiagnosticList problems;
    const std::vector<game::GameRecord> records = sgf::read_games(sgf, "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const std::size_t legal = game::replay(records[0], problems).legal_moves;
    return index::review_game(index, records[0], legal, 5);
}

const index::LineReview* line_named(const index::GameReview& review, const std::string& name) {
    const auto found = std::find_if(review.lines.begin(), review.lines.end(),
                                    [&](const index::LineReview& l) { return l.name == name; });
    return found == review.lines.end() ? nullptr : &*found;
}

// A game of four moves reviewed against the dictionary in `dict`, and written as SGF (-o).
struct ReviewedGame {
    game::GameRecord record;
    index::GameReview review;
    std::string sgf;
};
ReviewedGame reviewed_game(const fs::path& dict, const std::string& game) {
    diag::DiagnosticList problems;
    std::vector<game::GameRecord> records = sgf::read_games(game, "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    index::GameReview review = index::review_game(index, records[0], 4, 5);
    std::string sgf = index::reviewed_sgf(index, records[0], 4, review);
    return {std::move(records[0]), std::move(review), std::move(sgf)};
}

}  // namespace

TEST_CASE("a game of the compiled collection is in the book to the end of every line",
          "[index][review]") {
    test_support::TempDir dir;
    const std::vector<std::string> games = test_support::handmade_games();
    const fs::path dict = test_support::compile_games(dir.path(), games);
    for (const std::string& game : games) {
        const index::GameReview review = review_of(dict, game);
        REQUIRE(review.lines.size() >= 2);
        CHECK(review.lines.front().name == "opening");
        for (const index::LineReview& line : review.lines) {
            INFO(line.name);
            CHECK(line.line.node);
        }
    }
}

TEST_CASE("a game that leaves the book at move k says so, with the book's moves there",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // The first game's opening until move 3, then tengen.
    const index::GameReview review = review_of(dict, "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[jj])");
    const index::LineReview* opening = line_named(review, "opening");
    REQUIRE(opening != nullptr);
    CHECK_FALSE(opening->line.node);
    CHECK(opening->left_at_move_number == 4);
    CHECK(opening->book_count >= 1);
    CHECK_FALSE(opening->line.continuations.empty());
    // Deviations come before lines that stayed in the book.
    CHECK_FALSE(review.lines.front().line.node);
}

TEST_CASE("a game that goes on where every book line ends is past the book's end, not off it",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // The fourth game's twelve moves, all of its opening, then one more.
    const std::string game =
        "(;GM[1]FF[4]SZ[19];B[dd];W[pd];B[qc];W[pc];B[qd];W[qe];B[re];W[qf]"
        ";B[rf];W[qg];B[dp];W[pp];B[jj])";
    const index::GameReview review = review_of(dict, game);
    const index::LineReview* opening = line_named(review, "opening");
    REQUIRE(opening != nullptr);
    CHECK_FALSE(opening->line.node);
    CHECK(opening->left_at_move_number == 13);
    CHECK(opening->book_count == 1);
    CHECK(opening->past_book_end);
    // Where the book has other moves, the line left it.
    const index::GameReview off = review_of(dict, "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[jj])");
    REQUIRE(line_named(off, "opening") != nullptr);
    CHECK_FALSE(line_named(off, "opening")->past_book_end);
}

TEST_CASE("each move of a reviewed line has its number in the game, a tenuki none",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // The upper right's line: B[pd] (move 1), W[qc] (4), Black's tenuki (B[dp], move 5, in
    // another corner), W[qd] (6); the other corners' moves come between.
    const index::GameReview review =
        review_of(dict, "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[qq];W[qc];B[dp];W[qd])");
    const index::LineReview* upper_right = line_named(review, "upper-right");
    REQUIRE(upper_right != nullptr);
    CHECK(upper_right->game_move_numbers == std::vector<std::size_t>{1, 4, 0, 6});
    const index::LineReview* opening = line_named(review, "opening");
    REQUIRE(opening != nullptr);
    CHECK(opening->game_move_numbers == std::vector<std::size_t>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("a corner shut off by a stone in its ring is reviewed up to there", "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // B pd, W dd, B dp, then White plays jg, in the exclusion ring of both upper corners:
    // they are shut off, and the upper-right sequence stays the lone B[pd], which the book has.
    const index::GameReview review =
        review_of(dict, "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[dp];W[jg];B[qf])");
    for (const index::LineReview& line : review.lines) {
        if (line.name != "upper-right") continue;
        CHECK(line.line.query.played.size() == 1);
        CHECK(line.line.node);
    }
}

TEST_CASE("the reviewed game is SGF with the book on its moves and the alternatives labelled",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const auto [record, review, sgf] =
        reviewed_game(dict, "(;GM[1]FF[4]SZ[19]PB[A \\] B];B[pd];W[dd];B[pq];W[jj])");
    CHECK(sgf.find("opening, book: played") != std::string::npos);
    CHECK(sgf.find("this move leaves the book") != std::string::npos);
    CHECK(sgf.find("LB[") != std::string::npos);
    // It reads back as the same game, the player's name with its escaped bracket included.
    diag::DiagnosticList reread_problems;
    const std::vector<game::GameRecord> back = sgf::read_games(sgf, "r.sgf", {}, reread_problems);
    REQUIRE(back.size() == 1);
    CHECK(back[0].moves == record.moves);
    CHECK(back[0].info.black_player == "A ] B");
}

TEST_CASE("a reviewed game's tenuki that left the book is noted on the move played elsewhere",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // After B[pd] W[nc] the book plays B[pf] or B[qf] there; Black plays dp, elsewhere.
    const auto [record, review, sgf] =
        reviewed_game(dict, "(;GM[1]FF[4]SZ[19];B[pd];W[nc];B[dp];W[qf])");
    const index::LineReview* corner = line_named(review, "upper-right");
    REQUIRE(corner != nullptr);
    CHECK(corner->left_at_move_number == 0);  // a tenuki: no move of the corner's own
    CHECK(sgf.find(";B[dp]C[upper-right: this move, elsewhere (a tenuki in the corner), leaves "
                   "the book (the position before it: played 3 times") != std::string::npos);
    CHECK(sgf.find("LB[pf:A][qf:B]") != std::string::npos);
}

TEST_CASE("a handicap game's opening is said to be outside the index, its corners reviewed",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // Two stones on the lower-left and upper-right 4-4 points; White's upper-left is in the book.
    const index::GameReview review =
        review_of(dict, "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[dd];B[cc];W[dc])");
    REQUIRE(review.opening_not_indexed);
    CHECK(review.opening_not_indexed->find("handicap") != std::string::npos);
    for (const index::LineReview& line : review.lines) CHECK(line.name != "opening");
    CHECK_FALSE(review.lines.empty());
}

TEST_CASE("a real game of the compiled goban samples is in the book to the end of every line",
          "[index][review][shared]") {
    const fs::path samples = "/usr/share/goban";
    const fs::path game = samples / "Hon-41-1.mgt";
    if (!fs::exists(game)) {
        WARN("skipped: " << game << " is not present (the goban package's samples)");
        return;
    }
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_inputs(dir.path(), {samples.string()});
    std::ifstream in(game, std::ios::binary);
    const std::string sgf{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const index::GameReview review = review_of(dict, sgf);
    CHECK_FALSE(review.opening_not_indexed);
    REQUIRE(review.lines.size() == 5);  // the opening and four corners
    for (const index::LineReview& line : review.lines) {
        INFO(line.name);
        CHECK(line.line.node);
        CHECK(line.line.stats.count >= 1);
        CHECK(line.line.query.played.size() >= 3);
    }
}

TEST_CASE("the reviewed game keeps everything its file had, and one label per point",
          "[index][review]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    // B[oc] leaves the fuseki and the joseki book at once: both list the book's moves there,
    // which share points.
    const std::string game =
        "(;GM[1]FF[4]SZ[19]C[my notes]KM[6.5]RU[Japanese]TM[300]OT[5x30 byo-yomi]PC[Tokyo]"
        ";B[oc]C[first]LB[aa:A];W[dp](;B[pp]C[main])(;B[dd]C[a variation]))";
    diag::DiagnosticList problems;
    const std::vector<game::GameRecord> records = sgf::read_games(game, "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const index::GameReview review = index::review_game(index, records[0], 3, 5);
    const std::string sgf = index::reviewed_sgf(index, records[0], 3, review, game);
    INFO(sgf);
    for (const char* kept :
         {"C[my notes]", "KM[6.5]", "RU[Japanese]", "TM[300]", "OT[5x30 byo-yomi]", "PC[Tokyo]",
          "C[main\n\n", "(;B[dd]C[a variation])",
          "C[first\n\nupper-right: this move leaves the book"})
        CHECK(sgf.find(kept) != std::string::npos);
    // The node of B[oc]: its own label first, every point and every letter once.
    const std::size_t lb = sgf.find("LB[aa:A]");
    REQUIRE(lb != std::string::npos);
    const std::string labels = sgf.substr(lb + 2, sgf.find(';', lb) - lb - 2);
    std::vector<std::string> points;
    std::vector<std::string> letters;
    for (std::size_t at = 0; (at = labels.find('[', at)) != std::string::npos; ++at) {
        points.push_back(labels.substr(at + 1, 2));
        letters.push_back(labels.substr(at + 4, labels.find(']', at) - at - 4));
    }
    CHECK(points.size() > 2);
    for (std::vector<std::string>* list : {&points, &letters}) {
        std::vector<std::string> sorted = *list;
        std::sort(sorted.begin(), sorted.end());
        CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    }
    // It reads back as the same game.
    diag::DiagnosticList reread_problems;
    const std::vector<game::GameRecord> back = sgf::read_games(sgf, "r.sgf", {}, reread_problems);
    REQUIRE(back.size() == 1);
    CHECK(back[0].moves == records[0].moves);
}
