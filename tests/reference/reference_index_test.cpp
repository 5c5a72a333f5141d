#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/symmetry.hpp"
#include "reference/reference_index.hpp"
#include "tests/support/temp_dir.hpp"
#include "trackers/normalize.hpp"

using namespace josekic;
using namespace josekic::reference;

namespace {

go::Move mv(go::Color c, const char* p) {
    return std::string_view(p).empty() ? go::Move::pass(c)
                                       : go::Move::at(c, *go::point_from_sgf(p));
}

// Alternating colours from `first`; "" is a pass.
std::vector<go::Move> line(go::Color first, std::initializer_list<const char*> points) {
    std::vector<go::Move> moves;
    go::Color c = first;
    for (const char* p : points) {
        moves.push_back(mv(c, p));
        c = go::opponent(c);
    }
    return moves;
}

std::string sgf_of(const std::vector<go::Move>& moves) {
    std::string s = "(;GM[1]FF[4]SZ[19]";
    for (const go::Move& m : moves) {
        s += ';';
        s += go::sgf_letter(m.color);
        s += '[' + (m.point ? go::to_sgf(*m.point) : std::string{}) + ']';
    }
    return s + ")";
}

ReferenceIndex load(const std::string& text, diag::DiagnosticList* out = nullptr) {
    diag::DiagnosticList sink;
    ReferenceIndex index = load_reference("test", text, "ref.sgf", sink);
    if (out != nullptr) *out = sink;
    return index;
}

// The deepest line of a reference whose nodes each have at most one child.
std::vector<go::Move> only_line(const ReferenceIndex& index) {
    RefNodeId n = kRefRoot;
    while (index.node(n).first_child != kNoRefNode) {
        n = index.node(n).first_child;
        REQUIRE(index.node(n).next_sibling == kNoRefNode);
    }
    return index.path_to(n);
}

trackers::Corner corner_of(go::Point p) {
    if (p.y <= 9) return p.x >= 9 ? trackers::Corner::UpperRight : trackers::Corner::UpperLeft;
    return p.x >= 9 ? trackers::Corner::LowerRight : trackers::Corner::LowerLeft;
}

}  // namespace

TEST_CASE(
    "a reference line in any corner, orientation and colour order lands on one canonical line",
    "[reference]") {
    // Komoku, high approach, and a pincer, in the upper-right corner.
    const std::vector<go::Move> original = line(go::Color::Black, {"qd", "oc", "mc", "pe", "pf"});
    const std::vector<go::Move> canonical =
        trackers::normalize_corner_sequence(trackers::Corner::UpperRight, original).moves;
    int variants = 0;
    for (go::Symmetry s : go::kAllSymmetries) {
        for (go::Color first : {go::Color::Black, go::Color::White}) {
            std::vector<go::Move> drawn;
            for (const go::Move& m : original) {
                go::Move image = go::apply(s, m);
                if (first == go::Color::White) image.color = go::opponent(image.color);
                drawn.push_back(image);
            }
            const ReferenceIndex index = load(sgf_of(drawn));
            CHECK(index.size() == original.size() + 1);
            CHECK(only_line(index) == canonical);
            ++variants;
        }
    }
    CHECK(variants == 16);
    CHECK(canonical.front() == mv(go::Color::Black, "pc"));
}

TEST_CASE("every prefix normalises as the trackers normalise it, diagonal stones first",
          "[reference]") {
    // 4-4, 3-3 invasion (both on the diagonal), then the first stone off it, in the
    // lower-left corner with White first.
    const std::vector<go::Move> drawn =
        line(go::Color::White, {"dp", "cq", "dq", "cp", "co", "bo", "dn"});
    const ReferenceIndex index = load(sgf_of(drawn));
    const std::vector<go::Move> path = only_line(index);
    REQUIRE(path.size() == drawn.size());
    for (std::size_t k = 1; k <= drawn.size(); ++k) {
        const std::vector<go::Move> prefix(drawn.begin(),
                                           drawn.begin() + static_cast<std::ptrdiff_t>(k));
        const auto expected =
            trackers::normalize_corner_sequence(corner_of(*drawn.front().point), prefix).moves;
        CHECK(std::vector<go::Move>(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(k)) ==
              expected);
    }
    // Reflected in the corner's own diagonal (AntiTranspose keeps the lower-left corner
    // there), and carried to the upper-right corner (Transpose): the same line.
    std::vector<go::Move> mirrored;
    for (const go::Move& m : drawn) mirrored.push_back(go::apply(go::Symmetry::Transpose, m));
    std::vector<go::Move> reflected;
    for (const go::Move& m : drawn) reflected.push_back(go::apply(go::Symmetry::AntiTranspose, m));
    CHECK(only_line(load(sgf_of(reflected))) == path);
    CHECK(only_line(load(sgf_of(mirrored))) == path);
}

TEST_CASE("tenuki as B[], B[tt] and two moves of one colour give the same line", "[reference]") {
    const ReferenceIndex empty_pass = load("(;SZ[19];B[pd];W[qf];B[];W[oq])");
    const ReferenceIndex tt_pass = load("(;SZ[19];B[pd];W[qf];B[tt];W[oq])");
    const ReferenceIndex twice = load("(;SZ[19];B[pd];W[qf];W[oq])");
    CHECK(only_line(empty_pass) == only_line(tt_pass));
    CHECK(only_line(twice) == only_line(tt_pass));
    CHECK(twice.counts.inserted_passes == 1);
    CHECK(only_line(tt_pass)[2] == go::Move::pass(go::Color::Black));
    // A pass before the first stone is dropped.
    CHECK(only_line(load("(;SZ[19];W[];B[pd];W[qf])")) == only_line(load("(;SZ[19];B[pd];W[qf])")));
}

TEST_CASE("setup stones: one opening stone is a move, anything else is left out", "[reference]") {
    CHECK(only_line(load("(;SZ[19]AB[pd];W[qf];B[qh])")) ==
          only_line(load("(;SZ[19];B[pd];W[qf];B[qh])")));
    CHECK(only_line(load("(;SZ[19]AW[dd];B[cf])")) == only_line(load("(;SZ[19];B[pd];W[qf])")));

    const ReferenceIndex two = load("(;SZ[19]AB[pd][dd];W[qf];B[qh])");
    CHECK(two.size() == 1);
    CHECK(two.counts.setup_subtrees == 1);
    CHECK(two.counts.skipped_nodes == 3);

    // Pachi style: setup in the middle of a tree disrupts that branch only.
    const ReferenceIndex middle =
        load("(;SZ[19];B[pd](;W[qf];B[qh])(;AB[pj]C[kobayashi];W[nc];B[qf]))");
    CHECK(middle.size() == 4);
    CHECK(middle.counts.setup_subtrees == 1);
}

TEST_CASE("comments of moveless nodes belong to the move before, merged lines merge notes",
          "[reference]") {
    // GNU Go writes ";W[qf];C[#kogeima kakari]".
    const ReferenceIndex gnugo =
        load("(;GM[1]SZ[19];B[pd]C[0];W[qf];C[#kogeima kakari];B[qh]C[j\n]MA[mj])");
    const std::vector<go::Move> path = only_line(gnugo);
    REQUIRE(path.size() == 3);
    const RefNodeId approach = gnugo.find_child(gnugo.find_child(kRefRoot, path[0]), path[1]);
    REQUIRE(approach != kNoRefNode);
    CHECK(gnugo.node(approach).annotation.text == "kogeima kakari");
    const RefNodeId pincer = gnugo.find_child(approach, path[2]);
    CHECK(gnugo.node(pincer).annotation.has(Mark::Minor));
    CHECK(gnugo.node(pincer).depth == 3);

    // The same line drawn in two corners is one line with both notes' marks; the first text wins.
    const ReferenceIndex twice =
        load("(;SZ[19](;B[pd];W[qf]C[first]BM[1])(;B[dp];W[cn]C[second]IT[]))");
    CHECK(twice.size() == 3);
    const RefNode& w = twice.node(2);
    CHECK(w.annotation.text == "first");
    CHECK(w.annotation.has(Mark::Mistake));
    CHECK(w.annotation.has(Mark::Interesting));
}

TEST_CASE("colour judgements follow a colour swap", "[reference]") {
    const ReferenceIndex index = load("(;SZ[19];W[pd];B[qf]GB[1])");
    CHECK(index.node(2).annotation.has(Mark::GoodForWhite));
}

TEST_CASE("bad moves are diagnostics and their subtree is left out", "[reference]") {
    diag::DiagnosticList sink;
    const ReferenceIndex index = load("(;SZ[19];B[pd](;W[zz];B[qf])(;W[qf]))", &sink);
    CHECK(index.size() == 3);
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].code == diag::Code::ReferenceBadMove);
    CHECK(diag::format(sink.items[0]).starts_with("ref.sgf:1:"));
}

TEST_CASE("parsing --reference arguments", "[reference]") {
    const ReferenceSpec named = parse_reference_spec("kogo=/data/kogo joseki.sgf");
    CHECK(named.name == "kogo");
    CHECK(named.path == "/data/kogo joseki.sgf");
    const ReferenceSpec plain = parse_reference_spec("/data/hoshi_keima.sgf");
    CHECK(plain.name == "hoshi_keima");
    CHECK(plain.path == "/data/hoshi_keima.sgf");
    const ReferenceSpec path_with_eq = parse_reference_spec("dir/a=b.sgf");
    CHECK(path_with_eq.path == "dir/a=b.sgf");
    CHECK(path_with_eq.name == "a=b");
}

TEST_CASE("a reference with no SGF game tree is refused, not read as an empty book",
          "[reference]") {
    const test_support::TempDir dir;
    const std::string text = dir.write("notes.sgf", "hello, this is no dictionary\n");
    diag::DiagnosticList sink;
    CHECK_THROWS_WITH(load_reference_file("notes", text, sink),
                      Catch::Contains("notes.sgf: it holds no SGF game tree"));
    // A directory of such files too; one good file among them is a book.
    dir.write("books/a.sgf", "not SGF");
    CHECK_THROWS_WITH(load_reference_file("books", dir.path() / "books", sink),
                      Catch::Contains("holds no SGF game tree"));
    dir.write("books/b.sgf", "(;GM[1]SZ[19];B[pd];W[qc])");
    CHECK(load_reference_file("books", dir.path() / "books", sink).counts.moves == 2);
}

TEST_CASE("a tree that is no 19x19 joseki book is said so and not used", "[reference]") {
    std::string game_record = "(;GM[1]SZ[19]PB[a]PW[b]";
    for (int i = 0; i < 61; ++i) {
        // 61 moves, each on its own point, in one line.
        game_record += std::string(i % 2 == 0 ? ";B[" : ";W[") + static_cast<char>('a' + i % 19) +
                       static_cast<char>('a' + i / 19) + "]";
    }
    game_record += ")";
    for (const auto& [text, why] : {
             std::pair<std::string, std::string>{"(;GM[1]SZ[9];B[ee];W[cc])",
                                                 "game tree 1 is for a 9x9 board"},
             {"(;GM[1]SZ[13:13];B[ee])", "game tree 1 is for a 13:13 board"},
             {"(;GM[1]SZ[19]XD[fuseki:3];B[pd])", "game tree 1 is a josekic fuseki dictionary"},
             {"(;GM[1]SZ[19];B[pd])" + game_record, "game tree 2 is one line of 61 moves"},
         }) {
        INFO(text);
        diag::DiagnosticList problems;
        const ReferenceIndex index = load(text, &problems);
        REQUIRE(problems.items.size() == 1);
        CHECK(problems.items[0].code == diag::Code::ReferenceNotABook);
        CHECK(problems.items[0].message.starts_with(why));
        CHECK(problems.items[0].message.ends_with("; not used"));
    }
    // The other trees of the file are read; a book's own long lines branch.
    diag::DiagnosticList problems;
    const ReferenceIndex mixed = load("(;GM[1]SZ[9];B[ee])(;GM[1]SZ[19];B[pd];W[qf])", &problems);
    CHECK(problems.items.size() == 1);
    CHECK(mixed.size() == 3);  // the root, B[pd] and W[qf]
    // A josekic joseki dictionary is a book.
    diag::DiagnosticList none;
    load("(;GM[1]SZ[19]XD[joseki:3];B[pd];W[qf])", &none);
    CHECK(none.items.empty());
}
