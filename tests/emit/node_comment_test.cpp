#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "emit/node_comment.hpp"
#include "emit/text_buffer.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::emit;

namespace {

dictionary::NodeId end_of(const dictionary::Trie& trie, const std::vector<go::Move>& moves) {
    dictionary::NodeId at = dictionary::kRoot;
    for (const go::Move& move : moves) at = trie.find_child(at, move);
    return at;
}

}  // namespace

TEST_CASE("comments written with the statistics memo are those written without it", "[emit]") {
    // Two single-game tails with the same result and year, so that neighbouring nodes have
    // equal statistics: one with a Black tenuki, one with a White tenuki. Neighbours that
    // differ only in being a tenuki, in the tenuki's colour or in the dictionary's kind
    // must not share their statistics lines.
    using test_support::line;
    const auto black_tenuki = line({"pd", "qc", "", "pc", "oc"});
    const auto white_tenuki = line({"dp", "", "dq", "cp"});
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    trie.insert(black_tenuki, dictionary::LineOutcome::FirstPlayerWon, 2019, std::nullopt);
    trie.insert(white_tenuki, dictionary::LineOutcome::FirstPlayerWon, 2019, std::nullopt);
    const dictionary::NodeId black_pass = end_of(trie, line({"pd", "qc", ""}));
    const dictionary::NodeId white_pass = end_of(trie, line({"dp", ""}));
    REQUIRE(trie.node(black_pass).stats == trie.node(white_pass).stats);

    // Every node in id order, the two tenuki one after the other, every node again.
    std::vector<dictionary::NodeId> order;
    for (dictionary::NodeId id = 0; id < trie.size(); ++id) order.push_back(id);
    order.push_back(black_pass);
    order.push_back(white_pass);
    order.push_back(black_pass);
    for (dictionary::NodeId id = 0; id < trie.size(); ++id) order.push_back(id);
    // In that order as joseki, as fuseki, and each node as both, one after the other.
    std::vector<std::pair<dictionary::NodeId, DictionaryKind>> comments;
    for (const DictionaryKind kind : {DictionaryKind::Joseki, DictionaryKind::Fuseki}) {
        for (const dictionary::NodeId id : order) comments.emplace_back(id, kind);
    }
    for (const dictionary::NodeId id : order) {
        comments.emplace_back(id, DictionaryKind::Joseki);
        comments.emplace_back(id, DictionaryKind::Fuseki);
    }

    StatisticsMemo memo;  // one throughout, as in a writer
    for (const auto& [id, kind] : comments) {
        NodeCommentInput input;
        input.kind = kind;
        input.trie = &trie;
        input.node = id;
        const std::string expected = node_comment(input);
        input.memo = &memo;
        TextBuffer written;
        append_node_comment(written, input);
        REQUIRE(written.view() == expected);
    }
}

TEST_CASE(
    "a continuation whose win rate differs beyond noise is marked, in the table and its "
    "own comment",
    "[emit][win-rate]") {
    // 4-4, then the 3-3 invasion 100 times (Black, first in the corner, wins 60) and the
    // approach 100 times (Black wins 40): 60% against 40% is z = 2.83, beyond the 1% level.
    // A third continuation played 10 times at 50% is noise.
    using test_support::line;
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    const auto add = [&](const char* second, int wins, int losses) {
        for (int i = 0; i < wins + losses; ++i) {
            trie.insert(line({"pd", second}),
                        i < wins ? dictionary::LineOutcome::FirstPlayerWon
                                 : dictionary::LineOutcome::SecondPlayerWon,
                        2019, std::nullopt);
        }
    };
    add("qc", 60, 40);
    add("nc", 40, 60);
    add("qf", 5, 5);
    const dictionary::NodeId star = end_of(trie, line({"pd"}));
    const std::vector<Continuation> table{{"A", end_of(trie, line({"pd", "nc"}))},
                                          {"B", end_of(trie, line({"pd", "qc"}))},
                                          {"C", end_of(trie, line({"pd", "qf"}))}};
    NodeCommentInput input;
    input.trie = &trie;
    input.node = star;
    input.continuations = table;
    const std::string comment = node_comment(input);
    CHECK(comment.find("A  W  100 (47.6%)  wins 40.0% (30.9-49.8%)  2019  below the rest\n") !=
          std::string::npos);
    CHECK(comment.find("B  W  100 (47.6%)  wins 60.0% (50.2-69.1%)  2019  above the rest\n") !=
          std::string::npos);
    // The last line of the comment, unmarked.
    CHECK(comment.ends_with("\nC  W  10 (4.8%)  wins 50.0% (23.7-76.3%)  2019"));

    input.node = table[1].node;
    input.continuations = {};
    CHECK(node_comment(input).find("wins 60.0% (50.2-69.1%) of 100 decided games,\nmore than in "
                                   "the other lines here.") != std::string::npos);
    input.node = table[2].node;
    CHECK(node_comment(input).find("other lines") == std::string::npos);
}
