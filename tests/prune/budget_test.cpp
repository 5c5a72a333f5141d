#include <catch2/catch.hpp>

#include <vector>

#include "prune/apply.hpp"
#include "prune/budget.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using namespace josekic::prune::testing;

namespace {

//   root 12
//   ├─ pd 9 ─ qc 6 ─ qd 4 ─ pc 4
//   │       ├ nc 2 ─ qf 1
//   │       └ tt 1
//   └─ dd 3 ─ cc 1
dictionary::Trie sample() {
    return make_trie({{{"pd", "qc", "qd", "pc"}, 4},
                      {{"pd", "qc"}, 2},
                      {{"pd", "nc"}, 1},
                      {{"pd", "nc", "qf"}, 1},
                      {{"pd", "tt"}, 1},
                      {{"dd"}, 2},
                      {{"dd", "cc"}, 1}});
}

}  // namespace

TEST_CASE("the node count of every min count comes from the trie", "[prune][budget]") {
    const auto trie = sample();
    const BudgetTree whole{&trie};
    const KeptCounts kept(std::span(&whole, 1));
    CHECK(kept.nodes_at(1) == trie.size());  // 10 nodes, the root included
    CHECK(kept.nodes_at(2) == 7);            // root pd qc qd pc nc dd
    CHECK(kept.nodes_at(4) == 5);            // root pd qc qd pc
    CHECK(kept.nodes_at(7) == 2);            // root pd
    CHECK(kept.nodes_at(10) == 1);
    CHECK(kept.roots_only() == 10);

    // The smallest min count that keeps at most N nodes, never below the floor.
    CHECK(kept.min_count_for_nodes(11, 1) == 1);
    CHECK(kept.min_count_for_nodes(10, 1) == 1);
    CHECK(kept.min_count_for_nodes(9, 1) == 2);
    CHECK(kept.min_count_for_nodes(7, 1) == 2);
    CHECK(kept.min_count_for_nodes(6, 1) == 3);
    CHECK(kept.min_count_for_nodes(5, 1) == 4);
    CHECK(kept.min_count_for_nodes(5, 4) == 4);
    CHECK(kept.min_count_for_nodes(1, 1) == 10);
    CHECK(kept.min_count_for_nodes(0, 1) == 10);
    for (std::uint64_t n = 1; n <= 12; ++n) {
        const std::uint64_t m = kept.min_count_for_nodes(n, 1);
        CHECK(kept.nodes_at(m) <= n);
        if (m > 1) CHECK(kept.nodes_at(m - 1) > n);  // the smallest that fits
    }
}

TEST_CASE("a count above its parent's (a hand-edited file) keeps the smaller one",
          "[prune][budget]") {
    auto trie = sample();
    // qd 4 -> 8: more than qc's 6 above it, which a compiled trie never has.
    const dictionary::NodeId qd = find(trie, {"pd", "qc", "qd"});
    dictionary::NodeStats eight = trie.stats(qd);
    eight.count = 8;
    trie.set_stats(qd, eight);
    const BudgetTree whole{&trie};
    const KeptCounts kept(std::span(&whole, 1));
    CHECK(kept.nodes_at(4) == 5);  // root pd qc qd pc: qd and pc count as 4 and 4
    CHECK(kept.nodes_at(6) == 4);  // root pd qc qd: qd counts as 6, its path's smallest
    CHECK(kept.nodes_at(7) == 2);  // root pd: qd goes with qc, though its own count is 8
    CHECK(kept.roots_only() == 10);
}

TEST_CASE("a cut copy keeps what min count keeps, statistics unchanged", "[prune][budget]") {
    const auto trie = sample();
    const dictionary::Trie cut = cut_at_min_count(trie, 3);
    Thresholds three;
    three.min_count = 3;
    CHECK(dump(cut) == dump(apply(trie, {}, three, DictionaryKind::Joseki).trie));
    CHECK(cut.size() == 6);
    // The parents of the cut lines still count them.
    CHECK(cut.node(find(cut, {"pd"})).stats.count == 9);
    CHECK(dump(cut_at_min_count(trie, 1)) == dump(trie));
}

TEST_CASE("one file of a split counts and cuts its own first move only", "[prune][budget]") {
    const auto trie = sample();
    const BudgetTree part{&trie, find(trie, {"dd"})};
    const KeptCounts kept(std::span(&part, 1));
    CHECK(kept.nodes_at(1) == 3);  // root dd cc
    CHECK(kept.nodes_at(2) == 2);
    CHECK(kept.min_count_for_nodes(2, 1) == 2);
    const dictionary::Trie cut = cut_at_min_count(trie, 2, find(trie, {"dd"}));
    CHECK(cut.size() == 2);
    CHECK(find(cut, {"pd"}) == dictionary::kNoNode);
    CHECK(cut.node(dictionary::kRoot).stats.count == 12);
}

TEST_CASE("the trees of a collection share one count", "[prune][budget]") {
    const auto a = sample();
    const auto b = make_trie({{{"pd"}, 5}, {{"pd", "qc"}, 1}});
    const std::vector<BudgetTree> trees{{&a}, {&b}};
    const KeptCounts kept(trees);
    CHECK(kept.nodes_at(1) == a.size() + b.size());
    CHECK(kept.nodes_at(5) == 3 + 2);  // a: root pd qc; b: root pd
    CHECK(kept.roots_only() == 10);
}
