#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "core/sgf/game_reader.hpp"
#include "core/sgf/game_trees.hpp"

using namespace josekic;

TEST_CASE("the n-th game tree of a collection is found past values and variations", "[sgf]") {
    const std::string text =
        "(;GM[1]C[a ) and a ( in a value];B[pd](;W[dp])(;W[dd]))\n"
        "(;GM[1]C[an escaped \\] and (];B[qd])\n"
        "  (;GM[1]PB[Third];B[cc])";
    CHECK(sgf::nth_game_tree(text, 1) == "(;GM[1]C[a ) and a ( in a value];B[pd](;W[dp])(;W[dd]))");
    CHECK(sgf::nth_game_tree(text, 2) == "(;GM[1]C[an escaped \\] and (];B[qd])");
    CHECK(sgf::nth_game_tree(text, 3) == "(;GM[1]PB[Third];B[cc])");
    CHECK_FALSE(sgf::nth_game_tree(text, 4));
    CHECK_FALSE(sgf::nth_game_tree(text, 0));                     // counted from 1
    CHECK_FALSE(sgf::nth_game_tree("(;GM[1];B[pd]", 1));          // never closed
    CHECK_FALSE(sgf::nth_game_tree("(;GM[1]C[open (;B(pd)", 1));  // a value never closed
}

TEST_CASE("each game tree read alone is the game read_games reads there", "[sgf]") {
    const std::string text =
        "(;GM[1]PB[Black one]PW[White one]DT[2020-01-01];B[pd];W[dp])"
        "(;GM[1]PB[Black two]PW[White two]C[(((];B[dd](;W[pp])(;W[qq]))"
        "(;GM[1]PB[Black three]PW[White three];B[cc];W[ee];B[gg])";
    diag::DiagnosticList problems;
    const auto all = sgf::read_games(text, "c.sgf", {}, problems);
    REQUIRE(all.size() == 3);
    for (std::size_t n = 1; n <= all.size(); ++n) {
        const auto tree = sgf::nth_game_tree(text, n);
        REQUIRE(tree);
        const auto alone = sgf::read_games(*tree, "c.sgf", {}, problems);
        REQUIRE(alone.size() == 1);
        CHECK(alone[0].info.black_player == all[n - 1].info.black_player);
        CHECK(alone[0].moves == all[n - 1].moves);
    }
}

TEST_CASE("the spans of a collection's game trees are those nth_game_tree finds", "[sgf]") {
    const std::string text =
        "(;GM[1]C[a ) and a ( in a value];B[pd](;W[dp])(;W[dd]))\n"
        "(;GM[1]C[an escaped \\] and (];B[qd])\n"
        "  (;GM[1]PB[Third];B[cc])\n"
        "(;GM[1]C[a tree never closed];B[dd]";
    const std::vector<sgf::TreeSpan> spans = sgf::game_tree_spans(text);
    REQUIRE(spans.size() == 3);  // the last tree does not close
    for (std::size_t n = 1; n <= spans.size(); ++n)
        CHECK(sgf::nth_game_tree(text, n) ==
              std::string_view(text).substr(spans[n - 1].begin,
                                            spans[n - 1].end - spans[n - 1].begin));
    CHECK(spans[1].begin == text.find("(;GM[1]C[an"));
    CHECK(sgf::game_tree_spans("no tree here").empty());
}
