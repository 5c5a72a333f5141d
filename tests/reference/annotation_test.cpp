#include <catch2/catch.hpp>

#include "core/diag/diagnostic.hpp"
#include "core/sgf/sgf_tree.hpp"
#include "reference/annotation.hpp"

using namespace josekic;
using namespace josekic::reference;

namespace {
// The verdicts of the first move node of "(;GM[1]" + node + ")", with its comment raw.
NodeVerdicts verdicts(const std::string& node_text) {
    diag::DiagnosticList sink;
    const std::string text = "(;GM[1]" + node_text + ")";  // the trees view into it
    const std::vector<sgf::SgfTree> trees = sgf::parse_collection(text, "t.sgf", sink);
    REQUIRE(trees.size() == 1);
    REQUIRE(trees[0].nodes.size() == 2);
    const sgf::SgfNode& node = trees[0].nodes[1];
    const sgf::SgfProperty* c = node.find("C");
    return verdicts_of(node, c != nullptr ? c->values[0] : std::string{});
}

// Its own annotation.
NodeAnnotation of(const std::string& node_text) {
    return verdicts(node_text).own;
}
}  // namespace

TEST_CASE("standard SGF markers", "[reference]") {
    CHECK(of(";B[pd]BM[1]").has(Mark::Mistake));
    CHECK(of(";B[pd]TE[1]").has(Mark::Good));
    CHECK(of(";B[pd]DO[]").has(Mark::Doubtful));
    CHECK(of(";B[pd]IT[]").has(Mark::Interesting));
    CHECK(of(";B[pd]GB[1]").has(Mark::GoodForBlack));
    CHECK(of(";B[pd]GW[1]").has(Mark::GoodForWhite));
    CHECK(of(";B[pd]").empty());
    CHECK(describe(of(";B[pd]BM[1]IT[]C[Looks tempting\nbut fails]")) ==
          "mistake, interesting: \u201cLooks tempting\u201d");
}

TEST_CASE("a first sentence that is a verdict judges the move", "[reference]") {
    CHECK(of(";B[pd]C[RIGHT]").has(Mark::Good));
    CHECK(of(";B[pd]C[This is GOOD for black]").has(Mark::Good));
    // A verdict that names the other side is the result for that side, as GB and GW say it:
    // after White's move, "Bad for black" praises it and "GOOD for black" blames it. Of the
    // side that moved ("#bad for white" on White's move, GNU Go's books), it judges the move.
    const NodeAnnotation praised = of(";W[qc]C[Bad for black]");
    CHECK(praised.has(Mark::GoodForWhite));
    CHECK_FALSE(praised.has(Mark::Mistake));
    const NodeAnnotation blamed = of(";W[qc]C[This is GOOD for black]");
    CHECK(blamed.has(Mark::GoodForBlack));
    CHECK_FALSE(blamed.has(Mark::Good));
    CHECK(of(";W[qc]C[Good for white.]").has(Mark::Good));
    CHECK(of(";W[mf]C[#bad for white\n]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[WRONG]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[BAD]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[A mistake.]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[This move is an overplay.]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[# Bad too.]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[bad for white]").has(Mark::GoodForBlack));
    CHECK(of(";B[pd]C[not joseki]").has(Mark::NotJoseki));
    CHECK_FALSE(of(";B[pd]C[not joseki]").has(Mark::Mistake));
    CHECK(of(";B[pd]C[trick play]").has(Mark::Trick));
    const NodeAnnotation not_good = of(";B[pd]C[Not good unless B has stone around K17]");
    CHECK(not_good.has(Mark::Doubtful));
    CHECK_FALSE(not_good.has(Mark::Good));
    // "right" in lower case is a direction, "good" in lower case is ordinary prose.
    CHECK(of(";B[pd]C[extend to the right]").marks == 0);
    CHECK(of(";B[pd]C[a good shape]").marks == 0);
    CHECK(of(";B[pd]C[not bad]").marks == 0);
}

TEST_CASE("a word that merely occurs in a comment is no verdict", "[reference]") {
    CHECK(of(";B[pd]C[a common mistake is to cut at once]").marks == 0);
    CHECK(of(";B[pd]C[This leads to very tricky fighting, so we don't initiate it.]").marks == 0);
    CHECK(of(";B[pd]C[The 3-4 point is the oldest corner move. Playing at 'a' is a mistake "
             "for White, and a trick play is possible.]")
              .marks == 0);
    CHECK(of(";B[pd]C[This is usually bad if W has already an extension to hoshi.]").marks == 0);
    CHECK(of(";B[pd]C[Good shape for Black, who can now extend.]").marks == 0);
}

TEST_CASE("GNU Go class letters count on square-marked moves only", "[reference]") {
    CHECK(of(";W[qc]C[S]MA[mj]").has(Mark::Good));
    CHECK(of(";W[qc]C[U\n]MA[mj]").has(Mark::Urgent));
    CHECK(of(";W[qc]C[j\n]MA[mj]").has(Mark::Minor));
    CHECK(of(";W[qc]C[T\n]MA[mj]").has(Mark::Trick));
    CHECK(of(";W[qc]C[t\n]MA[mj]").has(Mark::TenukiOk));
    const NodeAnnotation antisuji =
        of(";B[oc]C[0\n# Non-joseki often played against GNU Go\n]MA[mi]");
    // Antisuji: GNU Go never plays it and knows the answers, as Pachi's <don't>.
    CHECK(antisuji.marks == bit(Mark::Avoided));
    CHECK(antisuji.text == "Non-joseki often played against GNU Go");
    // Without a square mark GNU Go makes no pattern, so the letter means nothing; it is
    // not text either.
    const NodeAnnotation unmarked = of(";B[pd]C[0]");
    CHECK(unmarked.empty());
    // Pattern machinery is not text.
    CHECK(of(";B[od]C[S\n:-,reverse_followup(10)\n]MA[mi]").text.empty());
    CHECK(of(";B[pc]C[#Not good unless B has stone around K17]").text ==
          "Not good unless B has stone around K17");
    // GNU Go's text is wrapped at the file's width: the sentence goes on in the next line.
    CHECK(of(";B[nc]MA[kg]C[0\n#we don't start the large avalanche.  It probably has "
             "complications to\ncheck.]")
              .text ==
          "we don't start the large avalanche.  It probably has complications to check.");
    // A line that ends its sentence, or a new '#' line, is not continued.
    CHECK(of(";B[nc]C[#Bad.\nSee the other line]").text == "Bad.");
    CHECK(of(";B[nc]C[#an obvious move\n#but wrong]").text == "an obvious move");
    // Prose not in GNU Go's '#' form keeps its first line (a title stays a title).
    CHECK(of(";B[nc]C[Joseki\nBlack is thick.]").text == "Joseki");
}

TEST_CASE("Pachi tags on the first comment line", "[reference]") {
    // <don't> and <avoid>: Pachi avoids the move, which is no verdict that it is a mistake.
    CHECK(of(";W[oe]C[<don't>]").marks == bit(Mark::Avoided));
    CHECK(of(";B[ne]C[<avoid>]").marks == bit(Mark::Avoided));
    CHECK(of(";B[ne]C[<bad>]").has(Mark::Mistake));
    CHECK(describe(of(";W[oe]C[<don't>\nfor now]")) == "avoided: \u201cfor now\u201d");
    CHECK(of(";B[kc]C[<3x3>]").empty());
    const NodeAnnotation later =
        of(";B[]C[<tenuki>\nweak match in case stuff around r14 doesn't match]");
    CHECK(later.has(Mark::AfterTenuki));
    CHECK(later.text == "weak match in case stuff around r14 doesn't match");
    const NodeAnnotation dont = of(";B[oe]C[<don't>\ntrick play]");
    CHECK(dont.has(Mark::Avoided));
    CHECK(dont.has(Mark::Trick));
    CHECK_FALSE(dont.has(Mark::Mistake));
    CHECK(of(";B[qe]C[\nsimple, avoid taisha]").text == "simple, avoid taisha");
    // josekifix: settings are not text (nor words), except the fix's name.
    const NodeAnnotation fix =
        of(";W[eq]C[[override\\]\nname = \"3-4 trick punish\"\naround = D2\nbad_setting = x]");
    CHECK(fix.text == "3-4 trick punish");
    CHECK(fix.marks == 0);
    CHECK(of(";W[br]C[[override\\]\naround = last]").empty());
}

TEST_CASE("annotations merge, swap colours and stay short", "[reference]") {
    NodeAnnotation a = of(";B[pd]GB[1]");
    a.swap_colours();
    CHECK(a.has(Mark::GoodForWhite));
    CHECK_FALSE(a.has(Mark::GoodForBlack));
    NodeAnnotation b = of(";B[pd]C[first]");
    b.merge(of(";B[pd]BM[1]C[second]"));
    CHECK(b.text == "first");
    CHECK(b.has(Mark::Mistake));
    const std::string long_text(200, 'x');
    CHECK(of(";B[pd]C[" + long_text + "]").text.size() < 100);
    // Cut on a character boundary: 79 ASCII bytes and then a 3-byte character.
    const NodeAnnotation utf8 = of(";B[pd]C[" + std::string(79, 'x') + "\u2026\u2026]");
    CHECK(utf8.text == std::string(79, 'x') + "\u2026");
}

TEST_CASE("verdicts on labelled continuations are placed by the node's LB", "[reference]") {
    const NodeVerdicts v =
        verdicts(";W[qc]LB[qd:A][pc:B][od:C]C['A' is correct, 'B' is a mistake. 'Z' is wrong.]");
    REQUIRE(v.continuations.size() == 2);  // no label Z on the board: it points nowhere
    CHECK(v.continuations[0].point == *go::point_from_sgf("qd"));
    CHECK(v.continuations[0].marks == bit(Mark::Good));
    CHECK(v.continuations[1].point == *go::point_from_sgf("pc"));
    CHECK(v.continuations[1].marks == bit(Mark::Mistake));
    CHECK(v.own.marks == 0);
    // The star of the comment matches the plain letter of the board.
    const NodeVerdicts star = verdicts(";W[qc]LB[qd:a]C[Black continues with 'a *' or 'b'.]");
    REQUIRE(star.continuations.size() == 1);
    CHECK(star.continuations[0].marks == bit(Mark::Joseki));
    CHECK(star.continuations[0].colour == go::Color::Black);
}

TEST_CASE("verdicts on numbered moves are passed on", "[reference]") {
    const NodeVerdicts v = verdicts(";W[qc]C[White 12 is a mistake.]");
    REQUIRE(v.numbered_moves.size() == 1);
    CHECK(v.numbered_moves[0] == NumberedMoveVerdict{go::Color::White, 12, bit(Mark::Mistake)});
    CHECK(v.own.marks == 0);
}
