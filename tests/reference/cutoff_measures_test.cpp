#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "reference/annotate.hpp"
#include "reference/cutoff_measures.hpp"
#include "tests/support/move_lines.hpp"
#include "tests/support/reference_book.hpp"

using namespace josekic;
using namespace josekic::reference;
using josekic::test_support::line;

namespace {

// A hand-made dictionary, counts in brackets (those below 5 are left out of the known share):
//   pd(16) nc(16) ┬ qf(11) tenuki(11) qc(11) ─ tenuki(5) rb(5)
//                 └ pf(5) pb(5)
//   pc(4) qe(4)
dictionary::Trie sample_trie() {
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    const auto add = [&trie](std::initializer_list<std::string_view> points, int times) {
        for (int i = 0; i < times; ++i)
            trie.insert(line(points), dictionary::LineOutcome::Unknown, std::nullopt, std::nullopt);
    };
    add({"pd", "nc", "qf", "", "qc"}, 6);
    add({"pd", "nc", "qf", "", "qc", "", "rb"}, 5);
    add({"pd", "nc", "pf", "pb"}, 5);
    add({"pc", "qe"}, 4);
    return trie;
}

// The book's lines: pd nc qf tenuki qc (good, 5 moves), pd nc nd oc pc (a mistake at nd),
// pc qe qd oc (good, 4 moves, not played), pc qe rd (too short to count).
ReferenceIndex sample_book() {
    const std::string text =
        "(;GM[1]SZ[19];B[pd];W[nc](;B[qf];B[qc])(;B[nd]BM[1];W[oc];B[pc]))"
        "(;GM[1]SZ[19];B[pc];W[qe](;B[qd];W[oc])(;B[rd]))";
    return test_support::book_from_text("book", text);
}

}  // namespace

TEST_CASE("the cutoff measures of a hand-made dictionary against a hand-made book",
          "[reference][cutoff]") {
    const dictionary::Trie trie = sample_trie();
    const Annotations annotations = annotate(trie, {sample_book()});
    const std::vector<CutoffMeasures> measures = measure_cutoff(trie, annotations);
    REQUIRE(measures.size() == 1);
    const CutoffMeasures& m = measures.front();
    CHECK(m.reference == "book");
    // Played >= 5: pd 16, nc 16, qf 11, tenuki 11, qc 11, tenuki 5, rb 5, pf 5, pb 5 = 85 in 9
    // nodes; known: the book's line to qc and the tenuki after it, where the book's line ends:
    // 16 + 16 + 11 + 11 + 11 + 5 = 70.
    CHECK(m.total.moves == 85);
    CHECK(m.total.known_moves == 70);
    CHECK(m.total.nodes == 9);
    CHECK(m.total.known_share() == Approx(100.0 * 70 / 85));
    // Two good lines of 4 moves or more; the dictionary holds the first (qc played 11 times).
    CHECK(m.total.book_lines == 2);
    CHECK(m.total.recalled == 1);
    CHECK(m.total.recall() == Approx(50.0));
    REQUIRE(m.rows.size() == 2);
    CHECK(m.rows[0].first_move == "3-4");
    CHECK(m.rows[0].moves == 0);
    CHECK(m.rows[0].book_lines == 1);
    CHECK(m.rows[0].recalled == 0);
    CHECK(m.rows[1].first_move == "4-4");
    CHECK(m.rows[1].book_lines == 1);
    CHECK(m.rows[1].recalled == 1);
}

TEST_CASE("a tenuki is known where the book's line goes on only if the book has it",
          "[reference][cutoff]") {
    const dictionary::Trie trie = sample_trie();
    const Annotations annotations = annotate(trie, {sample_book()});
    dictionary::NodeId n = dictionary::kRoot;
    for (const go::Move& m : line({"pd", "nc", "qf", "", "qc", ""})) n = trie.find_child(n, m);
    REQUIRE(n != dictionary::kNoNode);
    CHECK(known_move(trie, annotations, n, 0));  // the book's line ended at qc
    // A higher threshold leaves the tenuki line's nodes out.
    MeasureOptions strict;
    strict.min_count = 6;
    CHECK(measure_cutoff(trie, annotations, strict).front().total.nodes == 5);
    strict.min_recall_count = 12;
    CHECK(measure_cutoff(trie, annotations, strict).front().total.recalled == 0);
}
