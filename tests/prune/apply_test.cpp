#include <algorithm>

#include <catch2/catch.hpp>

#include "prune/apply.hpp"
#include "prune/prune_list.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using namespace josekic::prune::testing;
using dictionary::kNoNode;
using dictionary::kRoot;

namespace {
// root 13: pd 12 { qc 7 { qd 5, pc 2 }, nc 4 (3 end) { tt 1 { qf 1 } }, tt 1 { qf 1 } }, dd 1
dictionary::Trie sample() {
    return make_trie({{{"pd", "qc", "qd"}, 5},
                      {{"pd", "qc", "pc"}, 2},
                      {{"pd", "nc"}, 3},
                      {{"pd", "nc", "tt", "qf"}, 1},
                      {{"pd", "tt", "qf"}, 1},
                      {{"dd"}, 1}});
}

PruneList list_of(std::string_view text) {
    diag::DiagnosticList sink;
    auto list = parse_prune_list(text, "list.txt", sink);
    REQUIRE(list);
    return *list;
}

PruneResult run(std::string_view text, const Thresholds& limits = {},
                DictionaryKind kind = DictionaryKind::Joseki) {
    return apply(sample(), {list_of(text)}, limits, kind);
}
}  // namespace

TEST_CASE("the sample trie is what the tests think it is", "[prune]") {
    const auto trie = sample();
    CHECK(trie.size() == 11);
    CHECK(trie.node(kRoot).stats.count == 13);
    CHECK(trie.node(find(trie, {"pd", "nc", "tt", "qf"})).stats.count == 1);
}

TEST_CASE("a path entry removes the node and its subtree, ancestors keep their statistics",
          "[prune]") {
    const auto in = sample();
    const PruneResult r = apply(in, {list_of("pd qc\n")}, {}, DictionaryKind::Joseki);
    CHECK(find(r.trie, {"pd", "qc"}) == kNoNode);
    CHECK(find(r.trie, {"pd", "nc", "tt", "qf"}) != kNoNode);
    CHECK(r.trie.size() == 8);
    CHECK(r.nodes_before == 11);
    CHECK(r.nodes_after == 8);
    // The choice documented in apply.hpp: the parent still says 12 lines went through it.
    CHECK(r.trie.node(find(r.trie, {"pd"})).stats == in.node(find(in, {"pd"})).stats);
    CHECK(r.trie.node(kRoot).stats == in.node(kRoot).stats);
    const auto nc_in = find(in, {"pd", "nc"});
    const auto nc_out = find(r.trie, {"pd", "nc"});
    CHECK(r.trie.node(nc_out).stats == in.node(nc_in).stats);
    CHECK(std::ranges::equal(r.trie.listed_games(nc_out), in.listed_games(nc_in)));
    CHECK(&r.trie.games() == &in.games());

    REQUIRE(r.entries.size() == 1);
    REQUIRE(r.entries[0].matches.size() == 1);
    const Removal& removed = r.entries[0].matches[0];
    CHECK(removed.path == moves({"pd", "qc"}));
    CHECK(removed.count == 7);
    CHECK(removed.nodes == 3);
    CHECK(removed.games == 7);
    CHECK(r.diagnostics.empty());
}

TEST_CASE("a coloured path entry matches only those colours", "[prune]") {
    CHECK(find(run("B[pd] W[qc]\n").trie, {"pd", "qc"}) == kNoNode);
    const PruneResult wrong = run("W[pd] B[qc]\n");
    CHECK(find(wrong.trie, {"pd", "qc"}) != kNoNode);
    CHECK(wrong.diagnostics.size() == 1);
}

TEST_CASE("a tenuki entry removes the pass node", "[prune]") {
    const PruneResult r = run("pd tenuki\n");
    CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
    CHECK(find(r.trie, {"pd", "nc", "tt"}) != kNoNode);
    CHECK(r.nodes_after == 9);
}

TEST_CASE("the anywhere form removes a move wherever it follows the prefix", "[prune]") {
    SECTION("either colour") {
        const PruneResult r = run("pd ** tenuki\n");
        CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"pd", "nc", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"pd", "nc"}) != kNoNode);
        REQUIRE(r.entries[0].matches.size() == 2);
        // Output order: nc (4) before the tenuki (1).
        CHECK(r.entries[0].matches[0].path == moves({"pd", "nc", "tt"}));
        CHECK(r.entries[0].matches[1].path == moves({"pd", "tt"}));
        CHECK(r.nodes_after == 7);
    }
    SECTION("one colour") {
        const PruneResult r = run("pd ** W[tt]\n");
        CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"pd", "nc", "tt"}) != kNoNode);
    }
    SECTION("empty prefix: anywhere in the tree, never the prefix node itself") {
        const PruneResult r = run("** qf\n");
        CHECK(find(r.trie, {"pd", "tt", "qf"}) == kNoNode);
        CHECK(find(r.trie, {"pd", "nc", "tt", "qf"}) == kNoNode);
        CHECK(r.nodes_after == 9);
        const PruneResult self = run("pd ** pd\n");
        CHECK(self.nodes_after == 11);
        CHECK(self.diagnostics.size() == 1);
    }
}

TEST_CASE("scoped entries apply only to their dictionary", "[prune]") {
    const PruneResult fuseki = run("joseki: pd qc\n", {}, DictionaryKind::Fuseki);
    CHECK(find(fuseki.trie, {"pd", "qc"}) != kNoNode);
    CHECK_FALSE(fuseki.entries[0].applicable);
    CHECK(fuseki.diagnostics.empty());  // not for this tree: no warning
    const PruneResult joseki = run("joseki: pd qc\n", {}, DictionaryKind::Joseki);
    CHECK(find(joseki.trie, {"pd", "qc"}) == kNoNode);
    CHECK(run("fuseki: pd qc\n", {}, DictionaryKind::Fuseki).nodes_after == 8);
}

TEST_CASE("an entry that matches nothing is a warning with its line", "[prune]") {
    const PruneResult r = run("pd qc\n\n# below: not in the tree\n  pd qd qc\n");
    REQUIRE(r.diagnostics.size() == 1);
    const auto& d = r.diagnostics[0];
    CHECK(d.severity == diag::Severity::Warning);
    CHECK(d.code == diag::Code::PruneUnmatched);
    CHECK(diag::format(d) ==
          "list.txt:4:3: warning: prune entry 'pd qd qc' matched nothing in the joseki "
          "dictionary [prune-unmatched]");
}

TEST_CASE("unmatched warnings over both dictionaries of a compile", "[prune]") {
    const PruneList list = list_of("pd qc\nqq\nfuseki: qq\njoseki: pd nc\n");
    const auto trie = sample();
    const PruneResult joseki = apply(trie, {list}, {}, DictionaryKind::Joseki);
    const PruneResult fuseki = apply(trie, {list}, {}, DictionaryKind::Fuseki);
    const PruneResult* both[] = {&joseki, &fuseki};
    const auto warnings = unmatched_warnings(both);
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0].where.line == 2);
    CHECK(warnings[0].message.ends_with("in the joseki or fuseki dictionary"));
    CHECK(warnings[1].where.line == 3);
    CHECK(warnings[1].message.ends_with("in the fuseki dictionary"));
}

TEST_CASE("overlapping entries count each node once", "[prune]") {
    const PruneResult r = run("pd\npd qc\n");
    REQUIRE(r.entries.size() == 2);
    CHECK(r.entries[0].matches[0].nodes == 9);
    CHECK(r.entries[0].matches[0].games == 12);
    REQUIRE(r.entries[1].matches.size() == 1);
    CHECK(r.entries[1].matches[0].nodes == 0);
    CHECK(r.diagnostics.empty());
    CHECK(r.nodes_after == 2);
}

TEST_CASE("thresholds", "[prune]") {
    Thresholds limits;
    SECTION("min-count") {
        limits.min_count = 2;
        const PruneResult r = run("", limits);
        CHECK(find(r.trie, {"pd", "qc", "pc"}) != kNoNode);
        CHECK(find(r.trie, {"pd", "nc", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"dd"}) == kNoNode);
        CHECK(r.nodes_after == 6);
        const auto& totals = r.thresholds[static_cast<std::size_t>(ThresholdReason::MinCount)];
        CHECK(totals.subtrees == 3);
        CHECK(totals.nodes == 5);
        CHECK(totals.games == 3);
    }
    SECTION("min-share of the parent") {
        limits.min_share = parse_share("30%");
        const PruneResult r = run("", limits);
        CHECK(find(r.trie, {"pd", "nc"}) != kNoNode);        // 4/12
        CHECK(find(r.trie, {"pd", "qc", "pc"}) == kNoNode);  // 2/7
        CHECK(find(r.trie, {"pd", "nc", "tt"}) == kNoNode);  // 1/4
        CHECK(find(r.trie, {"dd"}) == kNoNode);              // 1/13
        CHECK(r.nodes_after == 5);
    }
    SECTION("max-depth") {
        limits.max_depth = 2;
        const PruneResult r = run("", limits);
        CHECK(find(r.trie, {"pd", "qc"}) != kNoNode);
        CHECK(find(r.trie, {"pd", "qc", "qd"}) == kNoNode);
        CHECK(r.nodes_after == 6);
    }
    SECTION("max-children keeps the most frequent") {
        limits.max_children = 1;
        const PruneResult r = run("", limits);
        CHECK(dump(r.trie) ==
              "root c13 e0 w13 y2001-2013 g\n"
              "root Bpd c12 e0 w12 y2001-2012 g\n"
              "root Bpd Wqc c7 e0 w7 y2001-2007 g\n"
              "root Bpd Wqc Bqd c5 e5 w5 y2001-2005 "
              "g,game5.sgf,game4.sgf,game3.sgf,game2.sgf,game1.sgf\n");
    }
    SECTION("max-children counts only children that no entry removed") {
        limits.max_children = 1;
        const PruneResult r = run("pd qc\n", limits);
        CHECK(find(r.trie, {"pd", "nc", "tt", "qf"}) != kNoNode);
        CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
        CHECK(find(r.trie, {"dd"}) == kNoNode);
        CHECK(r.nodes_after == 5);
    }
}

TEST_CASE("keep overrides thresholds, for the subtree and the path to it", "[prune]") {
    Thresholds limits;
    limits.min_count = 2;
    const PruneResult r = run("keep pd nc tt\n", limits);
    CHECK(find(r.trie, {"pd", "nc", "tt", "qf"}) != kNoNode);
    CHECK(find(r.trie, {"pd", "tt"}) == kNoNode);
    CHECK(find(r.trie, {"dd"}) == kNoNode);
    REQUIRE(r.entries[0].matches.size() == 1);
    CHECK(r.entries[0].matches[0].nodes == 2);

    Thresholds one;
    one.max_children = 1;
    const PruneResult k = run("keep dd\n", one);
    CHECK(find(k.trie, {"dd"}) != kNoNode);
    CHECK(find(k.trie, {"pd"}) != kNoNode);

    Thresholds shallow;
    shallow.max_depth = 1;
    const PruneResult deep = run("keep pd nc tt qf\n", shallow);
    CHECK(find(deep.trie, {"pd", "nc", "tt", "qf"}) != kNoNode);
    CHECK(find(deep.trie, {"pd", "qc"}) == kNoNode);
}

TEST_CASE("remove wins over keep", "[prune]") {
    const PruneResult r = run("keep pd nc tt\npd nc\n");
    CHECK(find(r.trie, {"pd", "nc"}) == kNoNode);
}

TEST_CASE("an unmatched keep is a warning too", "[prune]") {
    const PruneResult r = run("keep qq\n");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].where.line == 1);
}

TEST_CASE("pruning is deterministic, independent of insertion order, and idempotent", "[prune]") {
    Thresholds limits;
    limits.min_count = 2;
    limits.max_children = 2;
    const PruneList list = list_of("pd ** tenuki\nkeep dd\n");
    const auto forward = sample();
    const auto backward = make_trie({{{"dd"}, 1},
                                     {{"pd", "tt", "qf"}, 1},
                                     {{"pd", "nc", "tt", "qf"}, 1},
                                     {{"pd", "nc"}, 3},
                                     {{"pd", "qc", "pc"}, 2},
                                     {{"pd", "qc", "qd"}, 5}});
    const PruneResult a = apply(forward, {list}, limits, DictionaryKind::Joseki);
    const PruneResult b = apply(forward, {list}, limits, DictionaryKind::Joseki);
    const PruneResult c = apply(backward, {list}, limits, DictionaryKind::Joseki);
    CHECK(dump(a.trie) == dump(b.trie));
    // The games were numbered in another order, so compare moves and counts node by node:
    // the new trie's node ids follow its contents, not the input's insertion order.
    REQUIRE(a.trie.size() == c.trie.size());
    for (dictionary::NodeId id = 0; id < a.trie.size(); ++id) {
        CHECK(a.trie.node(id).move == c.trie.node(id).move);
        CHECK(a.trie.node(id).stats.count == c.trie.node(id).stats.count);
        CHECK(a.trie.node(id).parent == c.trie.node(id).parent);
    }
    const PruneResult again = apply(a.trie, {list}, limits, DictionaryKind::Joseki);
    CHECK(dump(again.trie) == dump(a.trie));
}

TEST_CASE("prune options of the trie are kept", "[prune]") {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games, dictionary::TrieOptions{3});
    trie.insert(moves({"pd"}), dictionary::LineOutcome::Draw, std::nullopt, std::nullopt);
    const PruneResult r = apply(trie, {}, {}, DictionaryKind::Fuseki);
    CHECK(r.trie.options().games_kept_per_terminal == 3);
    CHECK(r.trie.size() == 2);
    CHECK(r.entries.empty());
}

TEST_CASE("keep with the anywhere form protects every match", "[prune]") {
    Thresholds limits;
    limits.min_count = 2;
    const PruneResult r = run("keep pd ** qf\n", limits);
    CHECK(find(r.trie, {"pd", "nc", "tt", "qf"}) != kNoNode);
    CHECK(find(r.trie, {"pd", "tt", "qf"}) != kNoNode);
    CHECK(find(r.trie, {"dd"}) == kNoNode);
    CHECK(r.entries[0].matches.size() == 2);
}
