#include <catch2/catch.hpp>

#include <numeric>
#include <string>
#include <vector>

#include "compiler/compile/node_comments.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "tests/support/move_lines.hpp"
#include "tests/support/transposition_comment.hpp"

using namespace josekic;
using namespace josekic::dictionary;

namespace {
using josekic::test_support::line;
using josekic::test_support::transposition_comment;

// The node a line of moves leads to.
NodeId end_of(const Trie& trie, const std::vector<go::Move>& moves) {
    return std::accumulate(
        moves.begin(), moves.end(), kRoot,
        [&trie](NodeId at, const go::Move& move) { return trie.find_child(at, move); });
}
}  // namespace

TEST_CASE(
    "the transposition sentence names the other move orders, their games and the most frequent one",
    "[compile]") {
    // Three move orders of one position (the last two reach it mirrored or turned), played
    // 3, 1 and 12 times, and a line of its own. The most frequent other order is shown in
    // the frame of the node's own moves.
    Trie trie(std::make_shared<GameTable>());
    const std::vector<std::pair<std::vector<go::Move>, int>> lines = {
        {line({"pd", "dd", "pp"}), 3},
        {line({"pp", "dd", "pd"}), 1},
        {line({"dd", "pp", "pd"}), 12},
        {line({"qd", "dc"}), 1}};
    for (const auto& [moves, times] : lines) {
        for (int i = 0; i < times; ++i)
            trie.insert(moves, LineOutcome::Unknown, std::nullopt, std::nullopt);
    }
    const DictionaryGraph graph(trie);

    CHECK(transposition_comment(graph, end_of(trie, lines[0].first)) ==
          "Transposition: this position is also reached by 2 other move orders (played 13 times; "
          "16 in all), "
          "most often B[pp] W[dd] B[pd]");
    CHECK(transposition_comment(graph, end_of(trie, lines[2].first)) ==
          "Transposition: this position is also reached by 2 other move orders (played 4 times; 16 "
          "in all), "
          "most often B[pd] W[pp] B[dd]");
    CHECK(transposition_comment(graph, end_of(trie, lines[3].first)).empty());

    // Appended after what the buffer held; one other order played once reads in the singular.
    Trie pair(std::make_shared<GameTable>());
    pair.insert(line({"pd", "dd", "pp"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    pair.insert(line({"pp", "dd", "pd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    const DictionaryGraph pair_graph(pair);
    emit::TextBuffer text;
    text += "before. ";
    compile::append_transposition_comment(pair_graph, end_of(pair, line({"pp", "dd", "pd"})),
                                          emit::DictionaryKind::Joseki, text);
    CHECK(text.view() ==
          "before. Transposition: this position is also reached by 1 other move order (played 1 "
          "time; 2 in all), "
          "most often B[pd] W[dd] B[pp]");
}

TEST_CASE("the transposition sentence writes a tenuki as lookup and the reports do", "[compile]") {
    // The sentence writes the other order's moves itself, back to front; a pass is shorter
    // than a move. The same path as the graph's own TranspositionSummary, formatted.
    Trie trie(std::make_shared<GameTable>());
    for (int i = 0; i < 2; ++i)
        trie.insert(line({"pd", "", "dd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    trie.insert(line({"dd", "", "pd"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    trie.insert(line({"qc", "", "", "dc"}), LineOutcome::Unknown, std::nullopt, std::nullopt);
    const DictionaryGraph graph(trie);
    const NodeId twice = end_of(trie, line({"pd", "", "dd"}));
    CHECK(transposition_comment(graph, twice) ==
          "Transposition: this position is also reached by 1 other move order (played 1 time; 3 in "
          "all), "
          "most often B[dd] W[tenuki] B[pd]");
    CHECK(transposition_comment(graph, twice, emit::DictionaryKind::Fuseki)
              .ends_with("most often B[dd] W[pass] B[pd]"));
    for (NodeId node = 1; node < trie.size(); ++node) {
        const TranspositionSummary summary = graph.transpositions_of(node);
        const std::string sentence = transposition_comment(graph, node);
        CHECK(sentence.empty() == (summary.other_orders == 0));
        if (summary.other_orders == 0) continue;
        CHECK(sentence.ends_with(" most often " +
                                 format_line(summary.most_frequent_other_path, "tenuki")));
    }
}
