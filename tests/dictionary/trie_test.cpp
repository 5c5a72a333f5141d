#include <catch2/catch.hpp>

#include "compiler/dictionary/trie.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::dictionary;

namespace {
using josekic::test_support::line;
GameReference reference(const char* path, std::optional<int> year) {
    GameReference ref;
    ref.source_path = path;
    ref.year = year;
    ref.date = year ? std::to_string(*year) : "";
    return ref;
}
}  // namespace

TEST_CASE("counts, ends and outcomes along a path", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    trie.insert(line({"pd", "qf", "nc"}), LineOutcome::FirstPlayerWon, 2001, games->add(reference("a.sgf", 2001)));
    trie.insert(line({"pd", "qf"}), LineOutcome::SecondPlayerWon, 1990, games->add(reference("b.sgf", 1990)));
    trie.insert(line({"pd", "nc"}), LineOutcome::Unknown, std::nullopt, std::nullopt);

    CHECK(trie.node(kRoot).stats.count == 3);
    const NodeId pd = trie.find_child(kRoot, go::Move::at(go::Color::Black, *go::point_from_sgf("pd")));
    REQUIRE(pd != kNoNode);
    CHECK(trie.node(pd).stats.count == 3);
    CHECK(trie.node(pd).stats.first_player_wins == 1);
    CHECK(trie.node(pd).stats.second_player_wins == 1);
    CHECK(trie.node(pd).stats.unknown == 1);
    CHECK(trie.node(pd).stats.first_year == 1990);
    CHECK(trie.node(pd).stats.last_year == 2001);
    const auto children = trie.sorted_children(pd);
    REQUIRE(children.size() == 2);
    CHECK(trie.node(children[0]).stats.count == 2);  // qf before nc: more frequent
    CHECK(trie.node(children[0]).stats.ends == 1);
    CHECK(trie.node(children[0]).listed_games.size() == 1);
    CHECK(trie.size() == 5);
    CHECK(trie.terminal_count() == 3);
    CHECK(trie.path_to(children[0]) == line({"pd", "qf"}));
}

TEST_CASE("children with equal counts are ordered by the fixed key, whatever the insertion order", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie forward(games);
    Trie backward(games);
    const auto a = line({"pd", "qc"});
    const auto b = line({"pd", "nc"});
    forward.insert(a, LineOutcome::Unknown, std::nullopt, std::nullopt);
    forward.insert(b, LineOutcome::Unknown, std::nullopt, std::nullopt);
    backward.insert(b, LineOutcome::Unknown, std::nullopt, std::nullopt);
    backward.insert(a, LineOutcome::Unknown, std::nullopt, std::nullopt);
    const NodeId f = forward.sorted_children(kRoot)[0];
    const NodeId g = backward.sorted_children(kRoot)[0];
    CHECK(forward.node(forward.sorted_children(f)[0]).move == backward.node(backward.sorted_children(g)[0]).move);
    CHECK(forward.node(forward.sorted_children(f)[0]).move.point == go::point_from_sgf("nc"));
}

TEST_CASE("a terminal keeps the most recent games, independent of insertion order", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games, TrieOptions{2});
    const auto l = line({"pd"});
    for (int year : {1990, 2015, 2003, 2010}) {
        trie.insert(l, LineOutcome::Unknown, year, games->add(reference("x.sgf", year)));
    }
    const NodeId pd = trie.sorted_children(kRoot)[0];
    REQUIRE(trie.node(pd).listed_games.size() == 2);
    CHECK(trie.games()[trie.node(pd).listed_games[0]].year == 2015);
    CHECK(trie.games()[trie.node(pd).listed_games[1]].year == 2010);
    CHECK(trie.node(pd).stats.ends == 4);
}
