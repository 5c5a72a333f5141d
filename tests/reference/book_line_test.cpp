#include <catch2/catch.hpp>

#include <string>

#include "reference/annotation.hpp"
#include "reference/book_line.hpp"
#include "reference/mark.hpp"
#include "tests/support/move_lines.hpp"
#include "tests/support/reference_book.hpp"

using namespace josekic;
using namespace josekic::reference;
using josekic::test_support::line;

namespace {

// Canonical 4-4, knight's approach; then a "RIGHT" answer and its follow-up, or a slow move
// the book marks bad (BM).
ReferenceIndex sample_book() {
    const std::string text =
        "(;GM[1]FF[4]SZ[19];B[pd];W[nc]C[the knight's approach]"
        "(;B[qf]C[RIGHT];W[qc]C[simple])"
        "(;B[nd]BM[1]C[slow];W[mc]))";
    return test_support::book_from_text("notes", text);
}

}  // namespace

TEST_CASE("a line followed in a book: how far it knows it, its bad verdicts, its last word",
          "[reference]") {
    const ReferenceIndex book = sample_book();

    SECTION("known to its end: the last move's comment") {
        const BookLine in_book = follow_in_book(book, line({"pd", "nc", "qf", "qc"}));
        CHECK(in_book.known_moves == 4);
        REQUIRE(in_book.verdicts.size() == 1);
        CHECK(in_book.verdicts[0].move == 4);
        CHECK(describe(in_book.verdicts[0].annotation) == "\u201csimple\u201d");
    }
    SECTION("a bad move on the way is named, and the last known move after it") {
        const BookLine in_book = follow_in_book(book, line({"pd", "nc", "nd", "mc", "qf"}));
        CHECK(in_book.known_moves == 4);
        REQUIRE(in_book.verdicts.size() == 1);  // W[mc] has nothing to say
        CHECK(in_book.verdicts[0].move == 3);
        CHECK(in_book.verdicts[0].annotation.has(Mark::Mistake));
    }
    SECTION("left after the approach: its comment, the last the book knows") {
        const BookLine in_book = follow_in_book(book, line({"pd", "nc", "pb"}));
        CHECK(in_book.known_moves == 2);
        REQUIRE(in_book.verdicts.size() == 1);
        CHECK(in_book.verdicts[0].move == 2);
    }
    SECTION("not even the first move") {
        const BookLine in_book = follow_in_book(book, line({"qc", "oc"}));
        CHECK(in_book.known_moves == 0);
        CHECK(in_book.verdicts.empty());
    }
}
