#include <catch2/catch.hpp>

#include "prune/report_text.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using namespace josekic::prune::testing;

TEST_CASE("dry-run text lists every entry, threshold and the node counts", "[prune]") {
    const auto trie = make_trie({{{"pd", "qc", "qd"}, 5},
                                 {{"pd", "qc", "pc"}, 2},
                                 {{"pd", "nc"}, 3},
                                 {{"pd", "nc", "tt", "qf"}, 1},
                                 {{"pd", "tt", "qf"}, 1},
                                 {{"dd"}, 1}});
    diag::DiagnosticList sink;
    const auto list = parse_prune_list(
        "pd qc pc   # the hane is silly here\npd ** tenuki\nfuseki: pd\nkeep dd\nqq\n", "silly.txt",
        sink);
    REQUIRE(list);
    Thresholds limits;
    limits.min_count = 3;
    limits.min_share = 0.25;
    const PruneResult r = apply(trie, {*list}, limits, DictionaryKind::Joseki);
    const std::string text = render_dry_run(r, limits);
    CHECK(text ==
          "Pruning the joseki dictionary (dry run: nothing is written)\n"
          "silly.txt:1: pd qc pc\n"
          "    B[pd] W[qc] B[pc]: 2 lines through it; removes 1 node, 2 games affected\n"
          "silly.txt:2: pd ** tenuki\n"
          "    B[pd] W[nc] B[tenuki]: 1 line through it; removes 2 nodes, 1 game affected\n"
          "    B[pd] W[tenuki]: 1 line through it; removes 2 nodes, 1 game affected\n"
          "silly.txt:3: fuseki: pd  (not for the joseki dictionary)\n"
          "silly.txt:4: keep dd\n"
          "    B[dd]: 1 line through it; keeps 1 node, 1 game from thresholds\n"
          "silly.txt:5: qq  (matched nothing)\n"
          "Thresholds: --min-count 3 --min-share 25%\n"
          "Entries remove 5 nodes (4 games affected); thresholds remove 0 nodes.\n"
          "Nodes: 11 before, 6 after; terminal nodes: 6 before, 3 after.\n");
    CHECK(render_dry_run(apply(trie, {*list}, limits, DictionaryKind::Joseki), limits) == text);
}

TEST_CASE("threshold totals in the dry-run text", "[prune]") {
    const auto trie = make_trie({{{"pd", "qc"}, 3}, {{"pd", "nc"}, 1}, {{"dd", "cc"}, 1}});
    Thresholds limits;
    limits.min_count = 2;
    const PruneResult r = apply(trie, {}, limits, DictionaryKind::Fuseki);
    const std::string text = render_dry_run(r, limits);
    CHECK(text.find("    --min-count drops 2 subtrees, 3 nodes, 2 games affected\n") !=
          std::string::npos);
    CHECK(text.ends_with("Nodes: 6 before, 3 after; terminal nodes: 3 before, 1 after.\n"));
}

TEST_CASE("what the root comment records", "[prune]") {
    PruneList a{"lists/silly.txt", {PruneEntry{}, PruneEntry{}}};
    PruneList b{"marked.sgf", {PruneEntry{}}};
    Thresholds limits;
    CHECK(describe_applied({}, limits).empty());
    limits.min_count = 3;
    limits.max_children = 8;
    CHECK(describe_applied({a, b}, limits) ==
          "Pruned with: lists/silly.txt (2 entries), marked.sgf (1 entry); --min-count 3 "
          "--max-children 8");
    CHECK(describe_applied({}, limits) == "Pruned with: --min-count 3 --max-children 8");
    CHECK(describe(Thresholds{}).empty());
}

TEST_CASE("the dry run names the first 20 matches of an entry and sums the rest", "[prune]") {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    for (int i = 0; i < 25; ++i) {
        const go::Point second{static_cast<std::uint8_t>(1 + i % 18),
                               static_cast<std::uint8_t>(1 + i / 18)};
        // Counts 25, 24, ... so the order of the matches is known.
        for (int n = 0; n < 25 - i; ++n) {
            trie.insert(
                std::vector<go::Move>{go::Move::at(go::Color::Black, *go::point_from_sgf("pd")),
                                      go::Move::at(go::Color::White, second),
                                      go::Move::at(go::Color::Black, *go::point_from_sgf("aa"))},
                dictionary::LineOutcome::Unknown, std::nullopt, std::nullopt);
        }
    }
    diag::DiagnosticList sink;
    const auto list = parse_prune_list("pd ** aa\n", "l.txt", sink);
    REQUIRE(list);
    const PruneResult r = apply(trie, {*list}, {}, DictionaryKind::Joseki);
    REQUIRE(r.entries[0].matches.size() == 25);
    const std::string text = render_dry_run(r, {});
    CHECK(text.find(
              "    B[pd] W[bb] B[aa]: 25 lines through it; removes 1 node, 25 games affected\n") !=
          std::string::npos);
    // The last five have 5, 4, 3, 2 and 1 lines.
    CHECK(text.find("    ... and 5 more subtrees: removes 5 nodes, 15 games affected\n") !=
          std::string::npos);
    CHECK(text.find("Entries remove 25 nodes (325 games affected)") != std::string::npos);
}

TEST_CASE("the dry run counts matches inside subtrees already removed without naming them",
          "[prune]") {
    const auto trie = make_trie({{{"pd", "qc", "tt", "qd"}, 2}, {{"pd", "nc", "tt", "qf"}, 1}});
    diag::DiagnosticList sink;
    const auto list = parse_prune_list("pd qc\npd ** tenuki\n", "l.txt", sink);
    REQUIRE(list);
    const std::string text = render_dry_run(apply(trie, {*list}, {}, DictionaryKind::Joseki), {});
    CHECK(
        text.find("l.txt:2: pd ** tenuki\n"
                  "    B[pd] W[nc] B[tenuki]: 1 line through it; removes 2 nodes, 1 game affected\n"
                  "    (1 match lies inside subtrees removed by earlier entries)\n") !=
        std::string::npos);
}

TEST_CASE("the root comment states every threshold, unset ones as no limit", "[prune]") {
    CHECK(size_limits_text({}) == "min count 1, max depth none, max children none");
    Thresholds limits;
    limits.min_count = 3;
    limits.min_share = 0.05;
    limits.max_children = 8;
    CHECK(size_limits_text(limits) == "min count 3, min share 5%, max depth none, max children 8");
    limits.max_depth = 20;
    CHECK(size_limits_text(limits) == "min count 3, min share 5%, max depth 20, max children 8");
}

TEST_CASE("the root comment says when the budget chose the min count", "[prune]") {
    Thresholds limits;
    limits.min_count = 4;
    limits.budget = Budget::viewer();
    CHECK(size_limits_text(limits, MinCountOrigin::Budget) ==
          "min count 4 (the smallest that fits the budget of 50,000 nodes and 10 MB per file), "
          "max depth none, max children none");
    CHECK(size_limits_text(limits) == "min count 4, max depth none, max children none");
    CHECK(budget_text(Budget{}) == "no limit");
    CHECK(budget_text(Budget{std::nullopt, 500'000}) == "500 kB per file");
    CHECK(budget_text(Budget{20, std::nullopt}) == "20 nodes per file");
}
