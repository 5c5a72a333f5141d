#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/dictionary/trie.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::dictionary;

namespace {
using josekic::test_support::line;
// Lines in a fixed order, for a map keyed by them.
struct MoveLineOrder {
    bool operator()(const std::vector<go::Move>& a, const std::vector<go::Move>& b) const {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [](const go::Move& x, const go::Move& y) {
                                                return move_order_key(x) < move_order_key(y);
                                            });
    }
};
// Adds a game dated by its year (the table copies the text in).
GameId add_game(GameTable& games, std::string_view path, std::optional<int> year) {
    const std::string date = year ? std::to_string(*year) : "";
    GameReference ref;
    ref.source_path = SourcePath::split(path);
    ref.year = year;
    ref.date = date;
    return games.add(ref);
}
}  // namespace

TEST_CASE("counts, ends and outcomes along a path", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    trie.insert(line({"pd", "qf", "nc"}), LineOutcome::FirstPlayerWon, 2001,
                add_game(*games, "a.sgf", 2001));
    trie.insert(line({"pd", "qf"}), LineOutcome::SecondPlayerWon, 1990,
                add_game(*games, "b.sgf", 1990));
    trie.insert(line({"pd", "nc"}), LineOutcome::Unknown, std::nullopt, std::nullopt);

    CHECK(trie.node(kRoot).stats.count == 3);
    const NodeId pd =
        trie.find_child(kRoot, go::Move::at(go::Color::Black, *go::point_from_sgf("pd")));
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
    CHECK(trie.listed_games(children[0]).size() == 1);
    CHECK(trie.size() == 5);
    CHECK(trie.terminal_count() == 3);
    CHECK(trie.path_to(children[0]) == line({"pd", "qf"}));
}

TEST_CASE("children with equal counts are ordered by the fixed key, whatever the insertion order",
          "[trie]") {
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
    CHECK(forward.node(forward.sorted_children(f)[0]).move ==
          backward.node(backward.sorted_children(g)[0]).move);
    CHECK(forward.node(forward.sorted_children(f)[0]).move.point == go::point_from_sgf("nc"));
}

TEST_CASE("a terminal keeps the most recent games, independent of insertion order", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games, TrieOptions{2});
    const auto l = line({"pd"});
    for (int year : {1990, 2015, 2003, 2010}) {
        trie.insert(l, LineOutcome::Unknown, year, add_game(*games, "x.sgf", year));
    }
    const NodeId pd = trie.sorted_children(kRoot)[0];
    REQUIRE(trie.listed_games(pd).size() == 2);
    CHECK(trie.games()[trie.listed_games(pd)[0]].year == 2015);
    CHECK(trie.games()[trie.listed_games(pd)[1]].year == 2010);
    CHECK(trie.node(pd).stats.ends == 4);
}

TEST_CASE("interleaved terminals each keep the first games in listed order", "[trie]") {
    // Games (some cited twice, as a game may end a line in two corners) spread over a few
    // lines in a scrambled order; each terminal must list what a stable sort of all its
    // games under GameTable::listed_before() would put first.
    auto games = std::make_shared<GameTable>();
    constexpr std::size_t kKept = 5;
    Trie trie(games, TrieOptions{kKept});
    const std::vector<std::vector<go::Move>> lines{line({"pd"}), line({"pd", "qf"}),
                                                   line({"dd", "fc", "cf"}), line({"pp"}),
                                                   line({"pd", "nc"})};
    std::vector<std::vector<GameId>> all(lines.size());
    std::uint32_t state = 7;
    auto next = [&](std::uint32_t bound) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % bound;
    };
    for (int i = 0; i < 300; ++i) {
        const std::size_t l = next(static_cast<std::uint32_t>(lines.size()));
        const std::optional<int> year =
            next(4) == 0 ? std::nullopt : std::optional<int>(1990 + static_cast<int>(next(6)));
        const std::string path = "g" + std::to_string(next(50)) + ".sgf";
        const GameId id = add_game(*games, path, year);
        for (int times = next(5) == 0 ? 2 : 1; times > 0; --times) {
            trie.insert(lines[l], LineOutcome::Unknown, year, id);
            all[l].push_back(id);
        }
    }
    for (std::size_t l = 0; l < lines.size(); ++l) {
        std::vector<GameId> expected = all[l];
        std::stable_sort(expected.begin(), expected.end(),
                         [&](GameId a, GameId b) { return games->listed_before(a, b); });
        expected.resize(std::min(expected.size(), kKept));
        NodeId at = kRoot;
        for (const go::Move& m : lines[l]) at = trie.find_child(at, m);
        REQUIRE(at != kNoNode);
        const auto listed = trie.listed_games(at);
        CHECK(std::vector<GameId>(listed.begin(), listed.end()) == expected);
        CHECK(trie.node(at).stats.ends == all[l].size());
    }
}

TEST_CASE("listed games can be appended in any order and copied between tries", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games, TrieOptions{2});
    const GameId old_game = add_game(*games, "old.sgf", 1990);
    const GameId new_game = add_game(*games, "new.sgf", 2020);
    trie.insert(line({"pd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    const NodeId pd = trie.sorted_children(kRoot)[0];
    // A dictionary read back lists its games as written: no order, no limit.
    for (GameId g : {old_game, new_game, old_game}) trie.append_listed_game(pd, g);
    CHECK(std::vector<GameId>(trie.listed_games(pd).begin(), trie.listed_games(pd).end()) ==
          std::vector<GameId>{old_game, new_game, old_game});

    Trie copy(games);
    copy.set_listed_games(kRoot, trie.listed_games(pd));
    CHECK(std::vector<GameId>(copy.listed_games(kRoot).begin(), copy.listed_games(kRoot).end()) ==
          std::vector<GameId>{old_game, new_game, old_game});
    copy.set_listed_games(kRoot, std::vector<GameId>{new_game});  // replaces
    CHECK(std::vector<GameId>(copy.listed_games(kRoot).begin(), copy.listed_games(kRoot).end()) ==
          std::vector<GameId>{new_game});
    CHECK(
        copy.listed_games(copy.find_or_add_child(kRoot, go::Move::pass(go::Color::Black))).empty());
}

TEST_CASE("statistics never wrap: a full counter throws and is left full", "[trie]") {
    constexpr NodeStats::Counter kFull = std::numeric_limits<NodeStats::Counter>::max();
    NodeStats stats;
    stats.count = kFull - 1;
    stats.record(LineOutcome::Draw, NodeStats::Year{2001});
    CHECK(stats.count == kFull);
    CHECK(stats.draws == 1);
    CHECK_THROWS_AS(stats.record(LineOutcome::Draw, NodeStats::Year{2001}), std::overflow_error);
    CHECK(stats.count == kFull);

    NodeStats ends;
    ends.ends = kFull;
    CHECK_THROWS_AS(ends.record_end(), std::overflow_error);

    NodeStats wins;
    wins.first_player_wins = kFull;  // only possible through absorb() or a dictionary read back
    CHECK_THROWS_AS(wins.record(LineOutcome::FirstPlayerWon, std::nullopt), std::overflow_error);

    NodeStats a;
    a.unknown = kFull - 2;
    NodeStats b;
    b.unknown = 2;
    a.absorb(b);
    CHECK(a.unknown == kFull);
    CHECK_THROWS_AS(a.absorb(b), std::overflow_error);
}

TEST_CASE("years are 16-bit: the range of game dates fits, others are refused", "[trie]") {
    NodeStats stats;
    stats.record(LineOutcome::Unknown, NodeStats::checked_year(2100));
    stats.record(LineOutcome::Unknown, NodeStats::checked_year(1600));
    CHECK(stats.first_year == 1600);
    CHECK(stats.last_year == 2100);
    CHECK(NodeStats::checked_year(std::nullopt) == std::nullopt);
    CHECK(NodeStats::checked_year(32767) == NodeStats::Year{32767});
    CHECK_THROWS_AS(NodeStats::checked_year(40000), std::out_of_range);
    CHECK_THROWS_AS(NodeStats::checked_year(-40000), std::out_of_range);

    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    CHECK_THROWS_AS(trie.insert(line({"pd"}), LineOutcome::Unknown, 1 << 20, std::nullopt),
                    std::out_of_range);
    CHECK(trie.node(kRoot).stats.count == 0);  // refused before anything was counted
}

TEST_CASE("every node is found again after the child index has grown", "[trie]") {
    // 19 x 19 first moves, each with up to 19 answers: ~7,000 nodes, so the index (1,024
    // slots at first) grows several times while lines keep arriving in a scrambled order.
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    std::vector<std::vector<go::Move>> lines;
    for (int x = 0; x < go::kBoardSize; ++x) {
        for (int y = 0; y < go::kBoardSize; ++y) {
            const auto first =
                go::Move::at(go::Color::Black,
                             go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
            for (int a = 0; a < (x + y) % 19 + 1; ++a) {
                const auto answer = go::Move::at(
                    go::Color::White,
                    go::Point{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(x)});
                lines.push_back({first, answer});
            }
        }
    }
    std::uint32_t state = 99;
    for (std::size_t i = lines.size(); i > 1; --i) {
        state = state * 1664525u + 1013904223u;
        std::swap(lines[i - 1], lines[(state >> 8) % i]);
    }
    for (const auto& l : lines) trie.insert(l, LineOutcome::Unknown, std::nullopt, std::nullopt);
    for (const auto& l : lines) trie.insert(l, LineOutcome::Draw, std::nullopt, std::nullopt);
    CHECK(trie.size() == 1 + 361 + lines.size());
    for (const auto& l : lines) {
        const NodeId first = trie.find_child(kRoot, l[0]);
        REQUIRE(first != kNoNode);
        const NodeId answer = trie.find_child(first, l[1]);
        REQUIRE(answer != kNoNode);
        CHECK(trie.path_to(answer) == l);
        CHECK(trie.node(answer).stats.count == 2);
        CHECK(trie.node(answer).stats.draws == 1);
        CHECK(trie.find_child(answer, l[0]) == kNoNode);
    }
}

TEST_CASE("lines that leave one-child chains at every depth are merged and found again", "[trie]") {
    // Only the children of nodes with two or more are in the child index: a node's second
    // child moves its first one there. Random lines over four moves share and branch at
    // every depth, and the index is dropped and rebuilt now and then.
    const std::vector<go::Move> alphabet = line({"pd", "dp", "qf", "nc"});
    std::mt19937 random(7);
    std::vector<std::vector<go::Move>> lines;
    for (int i = 0; i < 3000; ++i) {
        std::vector<go::Move> l(1 + random() % 9);
        for (go::Move& m : l) m = alphabet[random() % alphabet.size()];
        lines.push_back(l);
    }
    std::map<std::vector<go::Move>, NodeStats::Counter, MoveLineOrder> through;
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i % 700 == 699) trie.release_child_index();
        const NodeId end = trie.insert(lines[i], LineOutcome::Unknown, std::nullopt, std::nullopt);
        REQUIRE(trie.path_to(end) == lines[i]);
        for (std::size_t depth = 1; depth <= lines[i].size(); ++depth)
            ++through[std::vector<go::Move>(lines[i].begin(), lines[i].begin() + depth)];
    }
    CHECK(trie.size() == through.size() + 1);
    for (const auto& [prefix, count] : through) {
        NodeId at = kRoot;
        for (const go::Move& m : prefix) at = trie.find_child(at, m);
        REQUIRE(at != kNoNode);
        CHECK(trie.path_to(at) == prefix);
        CHECK(trie.count(at) == count);
        CHECK(trie.find_or_add_child(trie.parent(at), prefix.back()) == at);
    }
    CHECK(trie.size() == through.size() + 1);  // find_or_add_child found every one
}

TEST_CASE("without its child index a trie finds the same nodes and rebuilds it to insert",
          "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    const auto a = line({"pd", "qf", "nc"});
    const auto b = line({"pd", "nc", "qf"});
    trie.insert(a, LineOutcome::FirstPlayerWon, 2001, std::nullopt);
    const NodeId a_end = trie.insert(a, LineOutcome::SecondPlayerWon, 2002, std::nullopt);
    trie.release_child_index();
    const NodeId pd = trie.find_child(kRoot, a[0]);
    REQUIRE(pd != kNoNode);
    CHECK(trie.find_child(trie.find_child(pd, a[1]), a[2]) == a_end);
    CHECK(trie.find_child(pd, b[1]) == kNoNode);
    // Inserting again rebuilds the index: an old line finds its nodes, a new one is added.
    CHECK(trie.insert(a, LineOutcome::Draw, 2003, std::nullopt) == a_end);
    CHECK(trie.node(a_end).stats.count == 3);
    const NodeId b_end = trie.insert(b, LineOutcome::Draw, 2003, std::nullopt);
    CHECK(trie.size() == 6);
    CHECK(trie.path_to(b_end) == b);
    CHECK(trie.find_or_add_child(pd, a[1]) == trie.find_child(pd, a[1]));
}

TEST_CASE("children added without a look-up are found, and later lines merge with them", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    trie.insert(line({"dd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    const auto pd = line({"pd"}).front();
    const NodeId added = trie.add_child(kRoot, pd);
    const NodeId below = trie.add_child(added, line({"pd", "qc"}).back());
    CHECK(trie.node(kRoot).first_child == added);  // first in the sibling list
    CHECK(trie.find_child(kRoot, pd) == added);
    CHECK(trie.path_to(below) == line({"pd", "qc"}));
    // The next line goes through the added nodes rather than beside them.
    trie.insert(line({"pd", "qc", "qd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    CHECK(trie.size() == 5);
    CHECK(trie.find_child(kRoot, pd) == added);
    CHECK(trie.node(below).stats.count == 1);
}

TEST_CASE("a walk down by path steps finds and adds the children a walk by ids does", "[trie]") {
    auto games = std::make_shared<GameTable>();
    Trie by_id(games);
    Trie by_step(games);
    const std::vector<std::vector<go::Move>> lines{line({"pd", "qc", "qd"}),
                                                   line({"pd", "qc", "pc"}), line({"dd", "cc"}),
                                                   line({"pd", "qc", "qd", "rd"})};
    for (Trie* trie : {&by_id, &by_step})
        trie->insert(line({"pd", "dc"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    for (const std::vector<go::Move>& moves : lines) {
        NodeId at = kRoot;
        Trie::PathStep step = Trie::root_step();
        for (const go::Move& move : moves) {
            at = by_id.find_or_add_child(at, move);
            step = by_step.find_or_add_child(step, move);
            CHECK(step.node == at);
            CHECK(by_step.path_to(step.node) == by_id.path_to(at));
        }
    }
    CHECK(by_step.size() == by_id.size());
    // Lines inserted later meet the nodes the steps added.
    by_step.insert(lines.back(), LineOutcome::Unknown, std::nullopt, std::nullopt);
    CHECK(by_step.size() == by_id.size());
}

TEST_CASE("a trie stores a move as its order key and gives the same move back", "[trie]") {
    std::vector<go::Move> moves{go::Move::pass(go::Color::Black), go::Move::pass(go::Color::White)};
    for (int i = 0; i < go::kNumPoints; ++i) {
        for (const go::Color c : {go::Color::Black, go::Color::White})
            moves.push_back(go::Move::at(c, go::Point::from_index(i)));
    }
    auto games = std::make_shared<GameTable>();
    Trie trie(games);
    for (const go::Move& m : moves) {
        INFO("order key " << move_order_key(m));
        CHECK(move_from_order_key(move_order_key(m)) == m);
        const NodeId id = trie.find_or_add_child(kRoot, m);
        CHECK(trie.move(id) == m);
        CHECK(trie.move_key(id) == move_order_key(m));
    }
    // Every move was a child of its own, and each is found again by its move.
    CHECK(trie.size() == moves.size() + 1);
    for (const go::Move& m : moves) CHECK(trie.move(trie.find_child(kRoot, m)) == m);
}
