// Small hand-made reference books in the styles of the books people use (Kogo's Joseki
// Dictionary, GNU Go's and Pachi's joseki files), loaded whole: each verdict must land on the
// move it speaks of, and on no other.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "reference/reference_index.hpp"
#include "tests/support/reference_book.hpp"
#include "trackers/normalize.hpp"

using namespace josekic;
using namespace josekic::reference;

namespace {

// Moves in the upper-right corner as the file plays them: alternating colours from Black,
// "" is a pass (a tenuki, as the loader inserts between two moves of one colour).
std::vector<go::Move> file_line(std::initializer_list<const char*> points) {
    std::vector<go::Move> moves;
    go::Color c = go::Color::Black;
    for (const char* p : points) {
        const std::string_view point(p);
        moves.push_back(point.empty() ? go::Move::pass(c)
                                      : go::Move::at(c, *go::point_from_sgf(point)));
        c = go::opponent(c);
    }
    return moves;
}

// The reference node of a line given as the file plays it (normalised as the loader does).
const RefNode& node_of(const ReferenceIndex& index, const std::vector<go::Move>& moves) {
    const std::vector<go::Move> canonical =
        trackers::normalize_corner_sequence(trackers::Corner::UpperRight, moves).moves;
    RefNodeId n = kRefRoot;
    for (const go::Move& m : canonical) {
        n = index.find_child(n, m);
        REQUIRE(n != kNoRefNode);
    }
    return index.node(n);
}

std::uint16_t marks_of(const ReferenceIndex& index, std::initializer_list<const char*> points) {
    return node_of(index, file_line(points)).annotation.marks;
}

ReferenceIndex load(const std::string& text) {
    return test_support::book_from_text("book", text);
}

// Kogo's style: prose everywhere, verdicts by label letters, by move numbers, and lines
// that close a joseki. The prose of the first moves and of tenuki uses verdict words that
// judge nothing.
const char* const kKogoStyle = R"sgf((;GM[1]FF[4]SZ[19]CA[UTF-8]
C[Welcome. Beginners often think the 3-3 point is bad; it is not a mistake.]
(;B[pd]C[The 4-4 point. Kitani Minoru invariably played this way, and many said it was
a mistake to leave the corner open. Today it is the most popular move.]
(;W[nc]LB[qf:A][pf:B][of:C]C[The knight's approach. 'A' is correct, 'B' is a mistake.
White 'C' is an overplay.]
(;B[qf]C[* GOOD VARIATION *])
(;B[pf];W[qf]C[Black 3 is a mistake: the corner is lost.]))
(;W[qc]LB[oc:a][qd:b]C[The 3-3 invasion. Black continues with 'a *' or 'b'.]
(;B[qd];W[pc];B[ob];W[oc];B[nb]C[White 4 is a trick play. End of joseki.]))
(;W[]C[Tenuki. Some call tenuki a mistake here, but it is fine.]))
(;B[qd]C[The 3-4 point. A mistake in the opening is hard to repair, wrote Go Seigen.]
(;W[oc]LB[pe:A][od:B]C['A' or 'B' are ok. 'C' is getting tricked.]
(;B[pe])(;B[od]C[Joseki])))))sgf";

}  // namespace

TEST_CASE("a Kogo-style book: verdicts land where they point", "[reference]") {
    const ReferenceIndex kogo = load(kKogoStyle);
    // First moves, the approach and tenuki: long prose with words, no verdict.
    CHECK(marks_of(kogo, {"pd"}) == 0);
    CHECK(marks_of(kogo, {"qd"}) == 0);
    CHECK(marks_of(kogo, {"pd", "nc"}) == 0);
    CHECK(marks_of(kogo, {"pd", ""}) == 0);
    // Labelled continuations.
    CHECK(marks_of(kogo, {"pd", "nc", "qf"}) == (bit(Mark::Good) | bit(Mark::Joseki)));
    CHECK(marks_of(kogo, {"pd", "nc", "pf"}) == (bit(Mark::Mistake)));
    CHECK(marks_of(kogo, {"qd", "oc", "pe"}) == bit(Mark::Good));
    CHECK(marks_of(kogo, {"qd", "oc", "od"}) == (bit(Mark::Good) | bit(Mark::Joseki)));
    // A move the book names and judges without a variation of its own is still judged:
    // White 'C' (of, after a tenuki) after the approach, Black 'a *' (oc) after the 3-3
    // invasion.
    CHECK(marks_of(kogo, {"pd", "nc", "", "of"}) == bit(Mark::Mistake));
    CHECK(marks_of(kogo, {"pd", "qc", "oc"}) == bit(Mark::Joseki));
    CHECK(marks_of(kogo, {"pd", "qc", "qd"}) == 0);
    // By number, from the book's first move: move 3 of its line, move 4 of the other.
    CHECK(marks_of(kogo, {"pd", "nc", "pf", "qf"}) == 0);
    CHECK(marks_of(kogo, {"pd", "qc", "qd", "pc"}) == bit(Mark::Trick));
    CHECK(marks_of(kogo, {"pd", "qc", "qd", "pc", "ob", "oc", "nb"}) == bit(Mark::Joseki));
}

TEST_CASE("a verdict on a numbered move of the other colour is not placed", "[reference]") {
    // Move 2 is White's: "Black 2" points at no move of this line.
    const ReferenceIndex book =
        load("(;GM[1](;B[pd];W[nc];B[qf]C[Black 2 is a mistake. White 9 is bad.]))");
    CHECK(marks_of(book, {"pd", "nc"}) == 0);
    CHECK(marks_of(book, {"pd", "nc", "qf"}) == 0);
}

TEST_CASE("a GNU Go-style book keeps its class letters and short verdicts", "[reference]") {
    const ReferenceIndex gnugo = load(R"sgf((;GM[1]FF[4]SZ[19]
(;B[pd];W[nc]C[U]MA[nc]
(;B[nd]C[S
#standard joseki]MA[nd])
(;B[pc]C[0
#this is bad, and gnugo will try it.
#actually, probably ok.]MA[pc])
(;B[oc]C[#trick play]))))sgf");
    CHECK(marks_of(gnugo, {"pd", "nc"}) == bit(Mark::Urgent));
    CHECK(marks_of(gnugo, {"pd", "nc", "nd"}) == (bit(Mark::Good) | bit(Mark::Joseki)));
    // Class 0: GNU Go avoids it; its text calls it bad as well.
    CHECK(marks_of(gnugo, {"pd", "nc", "pc"}) == (bit(Mark::Avoided) | bit(Mark::Mistake)));
    CHECK(marks_of(gnugo, {"pd", "nc", "oc"}) == bit(Mark::Trick));
}

TEST_CASE("a Pachi-style book: what Pachi avoids is avoided, not a mistake", "[reference]") {
    const ReferenceIndex pachi = load(R"sgf((;GM[1]FF[4]SZ[19]
(;B[pd];W[nc]
(;B[nd]C[
simple joseki])
(;B[pc]C[<don't>])
(;B[oc]C[<bad>
mistake])
(;B[]C[<later>]))))sgf");
    CHECK(marks_of(pachi, {"pd", "nc", "nd"}) == 0);
    CHECK(marks_of(pachi, {"pd", "nc", "pc"}) == bit(Mark::Avoided));
    CHECK(marks_of(pachi, {"pd", "nc", "oc"}) == bit(Mark::Mistake));
    CHECK(marks_of(pachi, {"pd", "nc", ""}) == bit(Mark::AfterTenuki));
}

TEST_CASE("one line judged in two places: the main treatment decides", "[reference][verdicts]") {
    // The same canonical line drawn twice: upper right, and mirrored in the lower left with
    // White first. Neither lies in a situation, so the first place is the main treatment.
    const ReferenceIndex first_wins = load(R"sgf((;GM[1]FF[4]SZ[19]
(;B[pd];W[nc];B[qf]C[Joseki])
(;W[dp];B[fq];W[cn]C[Mistake. Too slow.])))sgf");
    const NodeAnnotation& a = node_of(first_wins, file_line({"pd", "nc", "qf"})).annotation;
    CHECK(a.marks == bit(Mark::Joseki));
    CHECK(a.text == "Joseki");
    CHECK(a.note == "mistake elsewhere, book.sgf:3: \u201cMistake. Too slow.\u201d");
    CHECK(describe(a) ==
          "joseki: \u201cJoseki\u201d (mistake elsewhere, book.sgf:3: \u201cMistake. Too "
          "slow.\u201d)");

    // A place below a conditional sentence lies in a situation: the later, plain place is the
    // main treatment, and the situation's sentence is the note's context.
    const ReferenceIndex situation_first = load(R"sgf((;GM[1]FF[4]SZ[19]
(;C[If White has a ladder, things change.];W[dp];B[fq];W[cn]C[Mistake.])
(;B[pd];W[nc];B[qf]C[Joseki])))sgf");
    const NodeAnnotation& b = node_of(situation_first, file_line({"pd", "nc", "qf"})).annotation;
    CHECK(b.marks == bit(Mark::Joseki));
    CHECK(b.text == "Joseki");
    CHECK(b.note ==
          "mistake elsewhere, book.sgf:2: \u201cIf White has a ladder, things change.\u201d");

    // Places that agree, or judge in one direction only, add up as before.
    const ReferenceIndex agree = load(R"sgf((;GM[1]FF[4]SZ[19]
(;B[pd];W[nc];B[qf]C[Joseki])
(;W[dp];B[fq];W[cn]TE[1]C[Good.])
(;B[pd];W[nc];B[pf]DO[1])
(;W[dp];B[fq];W[dn]IT[1]C[Mistake.])))sgf");
    CHECK(marks_of(agree, {"pd", "nc", "qf"}) == (bit(Mark::Joseki) | bit(Mark::Good)));
    CHECK(node_of(agree, file_line({"pd", "nc", "qf"})).annotation.note.empty());
    CHECK(marks_of(agree, {"pd", "nc", "pf"}) ==
          (bit(Mark::Doubtful) | bit(Mark::Mistake) | bit(Mark::Interesting)));

    // Verdicts of one place add up even when they disagree: a label on the parent and the
    // node's own comment are one place.
    const ReferenceIndex one_place = load(R"sgf((;GM[1]FF[4]SZ[19]
(;B[pd];W[nc]LB[qf:A]C['A' is correct.];B[qf]C[Mistake.])
(;W[dp];B[fq];W[cn])))sgf");
    CHECK(marks_of(one_place, {"pd", "nc", "qf"}) == (bit(Mark::Good) | bit(Mark::Mistake)));
}
