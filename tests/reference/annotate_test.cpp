#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/trie.hpp"
#include "reference/annotate.hpp"
#include "reference/coverage.hpp"
#include "tests/support/move_lines.hpp"
#include "tests/support/reference_book.hpp"

using namespace josekic;
using namespace josekic::reference;
using dictionary::NodeId;

namespace {

// Canonical lines, alternating from Black; "" is a pass.
using josekic::test_support::line;

NodeId find(const dictionary::Trie& trie, const std::vector<go::Move>& path) {
    NodeId n = dictionary::kRoot;
    for (const go::Move& m : path) {
        n = trie.find_child(n, m);
        REQUIRE(n != dictionary::kNoNode);
    }
    return n;
}

// A small joseki trie: 4-4 with the knight's approach (played 6 times in three lines) and 3-4 (2
// times).
dictionary::Trie sample_trie() {
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    const auto add = [&trie](std::initializer_list<std::string_view> points, int times) {
        for (int i = 0; i < times; ++i)
            trie.insert(line(points), dictionary::LineOutcome::Unknown, std::nullopt, std::nullopt);
    };
    add({"pd", "nc", "pf", "pb"}, 3);      // 4-4, approach, pincer... (not in the book past move 2)
    add({"pd", "nc", "qf", "", "qc"}, 2);  // with a tenuki, in the book to the end
    add({"pd", "nc", "nd"}, 1);            // a move the book calls a mistake
    add({"pc", "qe"}, 2);                  // 3-4, unknown to the book
    return trie;
}

// The book, drawn in the lower-left corner with White first (so nothing is canonical as written).
ReferenceIndex sample_book() {
    // Canonical pd nc qf <pass> qc, drawn: rotate 180 (upper right -> lower left) and swap colours.
    // pd -> dp, nc -> fq, qf -> cn, qc -> cq.
    const std::string text =
        "(;GM[1]FF[4]SZ[19]C[my notes];W[dp];B[fq]C[the knight's approach]"
        "(;W[cn]C[RIGHT];W[cq]C[simple])"
        "(;W[fp]BM[1]C[slow]))";
    return test_support::book_from_text("notes", text);
}

}  // namespace

TEST_CASE("trie nodes the reference contains are known, with its annotation", "[reference]") {
    const dictionary::Trie trie = sample_trie();
    const Annotations ann = annotate(trie, {sample_book()});
    const NodeId approach = find(trie, line({"pd", "nc"}));
    const NodeId tenuki_line = find(trie, line({"pd", "nc", "qf", "", "qc"}));
    const NodeId pincer = find(trie, line({"pd", "nc", "pf"}));
    const NodeId pincer_end = find(trie, line({"pd", "nc", "pf", "pb"}));
    const NodeId mistake = find(trie, line({"pd", "nc", "nd"}));
    const NodeId komoku = find(trie, line({"pc"}));

    CHECK(ann.known(dictionary::kRoot, 0));
    CHECK(ann.known(approach, 0));
    CHECK(ann.known(tenuki_line, 0));
    CHECK(ann.known(mistake, 0));
    CHECK_FALSE(ann.known(pincer, 0));
    CHECK_FALSE(ann.known(komoku, 0));
    CHECK(ann.annotation(approach, 0).text == "the knight's approach");
    CHECK(ann.annotation(mistake, 0).has(Mark::Mistake));
    CHECK(ann.place(pincer_end, 0).book_depth == 2);
    CHECK(ann.place(komoku, 0).book_depth == 0);

    CHECK(comment_for(ann, trie, approach) ==
          "Known in notes (move 2): \u201cthe knight's approach\u201d");
    CHECK(comment_for(ann, trie, mistake) == "Known in notes (move 3): mistake: \u201cslow\u201d");
    CHECK(comment_for(ann, trie, pincer) == "Not in notes: the line leaves it here, at move 3");
    CHECK(comment_for(ann, trie, pincer_end) ==
          "As in notes: \u201cthe knight's approach\u201d, move 2; then left the book");
    CHECK(comment_for(ann, trie, komoku) == "Not in notes: the line leaves it here, at move 1");
    CHECK(comment_for(ann, trie, find(trie, line({"pc", "qe"}))).empty());
    CHECK(comment_for(ann, trie, dictionary::kRoot).empty());
}

TEST_CASE("several references each get their line", "[reference]") {
    const dictionary::Trie trie = sample_trie();
    diag::DiagnosticList sink;
    ReferenceIndex other = load_reference("pachi", "(;SZ[19];B[qd];W[oc])", "p.sgf", sink);
    const Annotations ann = annotate(trie, {sample_book(), other});
    const NodeId komoku_approach = find(trie, line({"pc", "qe"}));
    CHECK(comment_for(ann, trie, komoku_approach) == "Known in pachi (move 2)");
    CHECK(comment_for(ann, trie, find(trie, line({"pd"}))) ==
          "Known in notes (move 1)\nNot in pachi: the line leaves it here, at move 1");
}

TEST_CASE("coverage per first move, candidates and played mistakes", "[reference]") {
    const dictionary::Trie trie = sample_trie();
    const Annotations ann = annotate(trie, {sample_book()});
    const std::vector<ReferenceCoverage> coverage = compute_coverage(trie, ann);
    REQUIRE(coverage.size() == 1);
    const ReferenceCoverage& c = coverage[0];
    CHECK(c.name == "notes");
    CHECK(c.reference_nodes == 6);
    REQUIRE(c.rows.size() == 2);
    CHECK(c.rows[0].first_move == "4-4");
    CHECK(c.rows[0].lines == 6);
    CHECK(c.rows[0].lines_in_book == 3);  // the tenuki line (2) and the mistake (1)
    // Moves: pd 6 + nc 6 + pf 3 + pb 3 + qf 2 + pass 2 + qc 2 + nd 1 = 25; known: 6+6+2+2+2+1 = 19.
    CHECK(c.rows[0].moves == 25);
    CHECK(c.rows[0].known_moves == 19);
    // Book depth per line: 3 lines of 2, 2 of 5, 1 of 3.
    CHECK(c.rows[0].book_moves_of_lines == 3 * 2 + 2 * 5 + 1 * 3);
    CHECK(c.rows[1].first_move == "3-4");
    CHECK(c.rows[1].known_moves == 0);
    CHECK(c.total.lines == 8);
    CHECK(c.total.moves == 29);

    REQUIRE(c.candidates.size() == 2);
    CHECK(c.candidates[0].path == line({"pd", "nc", "pf"}));
    CHECK(c.candidates[0].count == 3);
    CHECK(c.candidates[1].path == line({"pc"}));
    REQUIRE(c.played_mistakes.size() == 1);
    CHECK(c.played_mistakes[0].path == line({"pd", "nc", "nd"}));

    const std::string text = render_coverage(coverage);
    CHECK(text.find("notes (notes.sgf)") != std::string::npos);
    CHECK(text.find("4-4") != std::string::npos);
    CHECK(text.find("B[pd] W[nc] B[pf]") != std::string::npos);
    CHECK(text.find("mistake: \u201cslow\u201d") != std::string::npos);
    CHECK(render_coverage({}).empty());
}
