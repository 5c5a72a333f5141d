#include <catch2/catch.hpp>

#include <algorithm>
#include <string_view>

#include <boost/graph/depth_first_search.hpp>

#include "core/dictionary/dictionary_graph.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::dictionary;

namespace {
using josekic::test_support::line;

NodeId find(const Trie& trie, const std::vector<go::Move>& path) {
    NodeId at = kRoot;
    for (const auto& m : path) at = trie.find_child(at, m);
    return at;
}

struct Inserted {
    std::vector<go::Move> moves;
    int times;
};

// L1 and L2 reach the same stones in the same frame; L3 reaches their mirror image in the
// diagonal through pd. Their two-move prefixes B pp W dd and B dd W pp are also the same
// position (half turn), and all three first moves are 4-4 points.
const std::vector<Inserted> kLines = {
    {line({"pd", "dd", "pp"}), 3},
    {line({"pp", "dd", "pd"}), 1},
    {line({"dd", "pp", "pd"}), 2},
    {line({"pd", ""}), 1},  // a tenuki: the same stones as B pd, but Black to move
};

Trie make_trie(const std::vector<Inserted>& lines) {
    Trie trie(std::make_shared<GameTable>());
    for (const auto& l : lines) {
        for (int i = 0; i < l.times; ++i)
            trie.insert(l.moves, LineOutcome::Unknown, std::nullopt, std::nullopt);
    }
    return trie;
}

PositionKeyTables all_zero_tables() {
    static const go::detail::ZobristTable zero{};
    PositionKeyTables tables;
    tables.low = &zero;
    tables.high = &zero;
    tables.white_to_move = go::Hash128{};
    return tables;
}
}  // namespace

TEST_CASE("move orders that reach the same position are linked", "[transpositions]") {
    const Trie trie = make_trie(kLines);
    const DictionaryGraph graph(trie);
    CHECK(graph.class_count() == 3);
    CHECK(graph.key_collisions() == 0);
    CHECK(graph.forced_moves() == 0);

    const NodeId l1 = find(trie, kLines[0].moves);
    const NodeId l2 = find(trie, kLines[1].moves);
    const NodeId l3 = find(trie, kLines[2].moves);
    REQUIRE(graph.class_of(l1));
    CHECK(graph.class_of(l1) == graph.class_of(l2));
    CHECK(graph.class_of(l1) == graph.class_of(l3));
    CHECK(graph.position_key(l1) == graph.position_key(l3));

    const auto s2 = graph.transpositions_of(l2);
    CHECK(s2.other_orders == 2);
    CHECK(s2.other_games == 5);
    CHECK(s2.class_games == 6);
    CHECK(s2.most_frequent_other == l1);
    CHECK(format_line(s2.most_frequent_other_path) == "B[pd] W[dd] B[pp]");

    // L1's stones shown in L3's frame: mirrored in the diagonal through pd.
    const auto s3 = graph.transpositions_of(l3);
    CHECK(s3.most_frequent_other == l1);
    CHECK(format_line(s3.most_frequent_other_path) == "B[pd] W[pp] B[dd]");
    CHECK(graph.transpositions_of(l1).most_frequent_other == l3);  // 2 games beat 1

    // The tenuki node is not a transposition of its parent.
    const NodeId tenuki = find(trie, kLines[3].moves);
    CHECK_FALSE(graph.class_of(tenuki));
    CHECK(graph.transpositions_of(tenuki).other_orders == 0);
    CHECK(graph.class_of(find(trie, line({"pd", "dd"}))) == std::nullopt);
    CHECK(graph.class_members(*graph.class_of(find(trie, line({"pp", "dd"})))).size() == 2);
    CHECK(graph.class_members(*graph.class_of(find(trie, line({"pd"})))).size() == 3);
}

TEST_CASE("the tree is a Boost graph whose depth-first walk is the output order",
          "[transpositions]") {
    const Trie trie = make_trie(kLines);
    const DictionaryGraph graph(trie);
    const DictionaryTree& g = graph.tree();
    CHECK(boost::num_vertices(g) == trie.size());
    CHECK(boost::num_edges(g) == trie.size() - 1);

    // A depth-first walk visits every node once, children in output order.
    struct Recorder : boost::default_dfs_visitor {
        std::vector<NodeId>* order;
        void discover_vertex(NodeId v, const DictionaryTree&) const { order->push_back(v); }
    };
    std::vector<NodeId> order;
    Recorder recorder;
    recorder.order = &order;
    std::vector<boost::default_color_type> colours(trie.size(), boost::white_color);
    boost::depth_first_visit(
        g, kRoot, recorder,
        boost::make_iterator_property_map(colours.begin(), boost::get(boost::vertex_index, g)));
    CHECK(order.size() == trie.size());
    std::vector<NodeId> expected;
    std::vector<NodeId> stack{kRoot};
    while (!stack.empty()) {
        const NodeId at = stack.back();
        stack.pop_back();
        expected.push_back(at);
        const std::vector<NodeId> children = trie.sorted_children(at);
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    CHECK(order == expected);
}

TEST_CASE("different positions with colliding keys are never merged", "[transpositions]") {
    // All-zero key tables: every position has the same key (equal low 64 bits and equal
    // high 64 bits). The stones decide, so the classes are the true ones.
    const Trie trie = make_trie(kLines);
    DictionaryGraphOptions options;
    const PositionKeyTables zero = all_zero_tables();
    options.tables = &zero;
    const DictionaryGraph verified(trie, options);
    CHECK(verified.class_count() == 3);
    CHECK(verified.key_collisions() == 1);
    const NodeId l1 = find(trie, kLines[0].moves);
    CHECK(verified.transpositions_of(l1).other_orders == 2);
    CHECK_FALSE(verified.class_of(find(trie, kLines[3].moves)));

    options.verify = VerifyPositions::No;  // what the check prevents
    const DictionaryGraph merged(trie, options);
    CHECK(merged.class_count() == 1);
}

TEST_CASE("classes and summaries do not depend on insertion order", "[transpositions]") {
    auto reversed = kLines;
    std::reverse(reversed.begin(), reversed.end());
    const Trie a = make_trie(kLines);
    const Trie b = make_trie(reversed);
    const DictionaryGraph ga(a);
    const DictionaryGraph gb(b);
    REQUIRE(ga.class_count() == gb.class_count());
    for (std::size_t c = 0; c < ga.class_count(); ++c) {
        const auto ma = ga.class_members(c);
        const auto mb = gb.class_members(c);
        REQUIRE(ma.size() == mb.size());
        for (std::size_t i = 0; i < ma.size(); ++i) {
            CHECK(a.path_to(ma[i]) == b.path_to(mb[i]));
            CHECK(format_line(ga.transpositions_of(ma[i]).most_frequent_other_path) ==
                  format_line(gb.transpositions_of(mb[i]).most_frequent_other_path));
        }
    }
}

TEST_CASE("canonical keys are pinned", "[transpositions]") {
    const Trie trie = make_trie(kLines);
    const DictionaryGraph graph(trie);
    CHECK(graph.position_key(kRoot) == go::Hash128{0, 0});
    CHECK(graph.position_key(find(trie, line({"pd"}))) ==
          graph.position_key(find(trie, line({"dd"}))));
}

TEST_CASE("lines with captures are verified on the board, the others from their moves",
          "[transpositions]") {
    // X and Y capture White's corner stone in two orders; X2 then plays cc, and Q reaches
    // X2's stones without a capture (its tenuki makes the player to move agree).
    const std::vector<Inserted> lines = {
        {line({"ba", "aa", "ab"}), 2},       {line({"ab", "aa", "ba"}), 1},
        {line({"ba", "aa", "ab", "cc"}), 1}, {line({"ab", "cc", "ba", ""}), 1},
        {line({"pd", "dd", "pp"}), 1},       {line({"pp", "dd", "pd"}), 1},
    };
    const Trie trie = make_trie(lines);
    const NodeId x = find(trie, lines[0].moves);
    const NodeId y = find(trie, lines[1].moves);
    const NodeId x2 = find(trie, lines[2].moves);
    const NodeId q = find(trie, lines[3].moves);
    // Keys are trusted here only to show what verification must agree with.
    for (const VerifyPositions verify : {VerifyPositions::Yes, VerifyPositions::No}) {
        DictionaryGraphOptions options;
        options.verify = verify;
        const DictionaryGraph graph(trie, options);
        REQUIRE(graph.class_of(x));
        CHECK(graph.class_of(x) == graph.class_of(y));
        REQUIRE(graph.class_of(x2));
        CHECK(graph.class_of(x2) == graph.class_of(q));
        CHECK(graph.class_of(find(trie, lines[4].moves)) ==
              graph.class_of(find(trie, lines[5].moves)));
        CHECK(graph.key_collisions() == 0);
    }
    // With colliding keys, only the exact check separates the classes, on both paths.
    DictionaryGraphOptions forged;
    const PositionKeyTables zero = all_zero_tables();
    forged.tables = &zero;
    const DictionaryGraph graph(trie, forged);
    CHECK(graph.class_of(x) == graph.class_of(y));
    CHECK(graph.class_of(x2) == graph.class_of(q));
    CHECK(graph.class_of(x) != graph.class_of(x2));
    CHECK(graph.class_of(x) != graph.class_of(find(trie, lines[4].moves)));
}

TEST_CASE("the graph's children are the trie's sorted children", "[transpositions]") {
    const Trie trie = make_trie(kLines);
    const DictionaryGraph graph(trie);
    for (NodeId v = 0; v < trie.size(); ++v) {
        const auto children = graph.sorted_children(v);
        CHECK(std::vector<NodeId>(children.begin(), children.end()) == trie.sorted_children(v));
    }
}

TEST_CASE("members and classes are ordered by count, then by path compared move by move",
          "[transpositions]") {
    // Every order of four corner moves (and a few of them again), so that classes have many
    // members of equal and different counts and paths that share long prefixes.
    std::vector<std::string_view> points = {"cc", "dd", "dp", "pd", "pp"};
    std::vector<Inserted> lines;
    int times = 1;
    do {
        std::vector<go::Move> moves;
        for (std::size_t i = 0; i < points.size(); ++i) {
            moves.push_back(go::Move::at(i % 2 == 0 ? go::Color::Black : go::Color::White,
                                         *go::point_from_sgf(points[i])));
        }
        lines.push_back({moves, times});
        times = times % 3 + 1;
    } while (std::next_permutation(points.begin(), points.end()));
    const Trie trie = make_trie(lines);
    const DictionaryGraph graph(trie);
    REQUIRE(graph.class_count() > 5);
    // The order written out: count descending, then the path by move_order_key, shorter first.
    const auto path_keys = [&trie](NodeId node) {
        std::vector<int> keys;
        for (const go::Move& m : trie.path_to(node)) keys.push_back(move_order_key(m));
        return keys;
    };
    const auto before = [&](NodeId a, NodeId b) {
        if (trie.node(a).stats.count != trie.node(b).stats.count) {
            return trie.node(a).stats.count > trie.node(b).stats.count;
        }
        return path_keys(a) < path_keys(b);
    };
    for (std::size_t c = 0; c < graph.class_count(); ++c) {
        const auto members = graph.class_members(c);
        for (std::size_t i = 1; i < members.size(); ++i) CHECK(before(members[i - 1], members[i]));
        if (c > 0) CHECK(before(graph.class_members(c - 1).front(), members.front()));
    }
}
