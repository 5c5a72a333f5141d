#include <catch2/catch.hpp>

#include <variant>

#include "index/query_moves.hpp"

using namespace josekic;

namespace {

index::QueryError error_of(const std::string& text, index::Tree tree) {
    auto result = index::parse_query(text, tree);
    REQUIRE(std::holds_alternative<index::QueryError>(result));
    return std::get<index::QueryError>(result);
}

// The canonical moves of a joseki query that must parse.
std::vector<go::Move> canonical(const std::string& text) {
    auto result = index::parse_query(text, index::Tree::Joseki);
    REQUIRE(std::holds_alternative<index::QueryLine>(result));
    return std::get<index::QueryLine>(result).canonical;
}

}  // namespace

TEST_CASE("a malformed query names the column of its fault", "[index][query]") {
    CHECK(error_of("pd qc zz", index::Tree::Joseki).column == 7);
    CHECK(error_of("pd B[qc", index::Tree::Joseki).column == 4);
    const index::QueryError copied = error_of("B[pd];W[qc]", index::Tree::Joseki);
    CHECK(copied.column == 6);
    CHECK(copied.message.find("separated by spaces, not ';'") != std::string::npos);
    CHECK(error_of("tenuki pd", index::Tree::Joseki).message.find("starts with a stone") !=
          std::string::npos);
    CHECK(error_of("jj", index::Tree::Joseki).message.find("no corner") != std::string::npos);
}

TEST_CASE("a stone on a centre line starts a corner whose zone holds it", "[index][query]") {
    // As the dictionary writes them: the upper-right tracker's view, unchanged.
    CHECK(canonical("jd") == std::vector{go::Move::at(go::Color::Black, go::Point{9, 3})});
    CHECK(canonical("jc kc") == std::vector{go::Move::at(go::Color::Black, go::Point{9, 2}),
                                            go::Move::at(go::Color::White, go::Point{10, 2})});
    CHECK(canonical("ic") == std::vector{go::Move::at(go::Color::Black, go::Point{8, 2})});
    // Off the upper-right zone the quadrant's corner reads it, as before.
    CHECK(canonical("dd") == std::vector{go::Move::at(go::Color::Black, go::Point{15, 3})});
}

TEST_CASE("an illegal move in a query is refused at its column", "[index][query]") {
    const index::QueryError occupied = error_of("pd qc pd", index::Tree::Joseki);
    CHECK(occupied.column == 7);
    CHECK(occupied.message == "move 3, B[pd], is not legal: point is occupied");
    CHECK(error_of("B[pd] W[dd] B[dd]", index::Tree::Fuseki).column == 13);
    // A tenuki is always legal.
    CHECK(std::holds_alternative<index::QueryLine>(
        index::parse_query("pd tenuki qc", index::Tree::Joseki)));
}

TEST_CASE("a query may name points as GTP does, or in upper-case SGF letters", "[index][query]") {
    const std::vector<go::Move> sgf = canonical("pd qc qd");
    CHECK(canonical("Q16 R17 R16") == sgf);
    CHECK(canonical("q16 r17 r16") == sgf);
    CHECK(canonical("PD QC QD") == sgf);
    CHECK(canonical("B[Q16] W[R17] B[R16]") == sgf);
    // Columns stay those of the words as typed.
    CHECK(error_of("Q16 R17 zz", index::Tree::Joseki).column == 9);
    const index::QueryError no_i = error_of("Q16 I5", index::Tree::Joseki);
    CHECK(no_i.column == 5);
    CHECK(no_i.message.find("Q16 is SGF pd") != std::string::npos);
    CHECK(error_of("pd zz", index::Tree::Joseki).message.find("GTP point such as Q16") !=
          std::string::npos);
}

TEST_CASE("a corner sequence in any corner and either colour first normalises alike",
          "[index][query]") {
    const std::vector<go::Move> upper_right = canonical("pd qc qd");
    CHECK(canonical("dp cq dq") == upper_right);
    CHECK(canonical("W[dd] B[cc] W[dc]") == upper_right);
}

TEST_CASE("two moves of one colour in a corner query get a tenuki between them", "[index][query]") {
    auto result = index::parse_query("B[pd] B[qf]", index::Tree::Joseki);
    REQUIRE(std::holds_alternative<index::QueryLine>(result));
    const index::QueryLine q = std::get<index::QueryLine>(result);
    REQUIRE(q.played.size() == 3);
    CHECK(q.played[1].is_pass());
    CHECK(q.played[1].color == go::Color::White);
}

TEST_CASE("a continuation is shown in the query's own corner and colours", "[index][query]") {
    auto result = index::parse_query("W[dd]", index::Tree::Joseki);
    REQUIRE(std::holds_alternative<index::QueryLine>(result));
    const index::QueryLine q = std::get<index::QueryLine>(result);
    // The dictionary writes the 4-4 point as B[pd]; its answer W[qc] is, in the query's
    // upper-left corner with White first, a Black move at the 3-3 point.
    const go::Move answer = q.in_query_frame(go::Move::at(go::Color::White, go::Point{16, 2}));
    CHECK(answer.color == go::Color::Black);
    CHECK(answer.point == go::Point{2, 2});
}
