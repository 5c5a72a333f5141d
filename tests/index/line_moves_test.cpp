#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

#include <variant>

#include "index/index_reader.hpp"
#include "index/line_moves.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

go::Move black(int x, int y) {
    return go::Move::at(go::Color::Black,
                        go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
}
go::Move white(int x, int y) {
    return go::Move::at(go::Color::White,
                        go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
}

std::span<const std::byte> as_bytes(const std::vector<std::uint8_t>& v) {
    return {reinterpret_cast<const std::byte*>(v.data()), v.size()};
}

}  // namespace

TEST_CASE("a line's game move numbers are stored and read back move by move",
          "[index][line_moves]") {
    // Moves 5, 8 and 300 of a game, a tenuki, then move 302.
    const std::vector<go::Move> moves = {black(15, 3), white(16, 2), black(16, 3),
                                         go::Move::pass(go::Color::White), black(15, 2)};
    const std::vector<std::optional<std::size_t>> indices = {4, 7, 299, std::nullopt, 301};
    std::vector<std::uint8_t> bytes = {0xAA};  // another line's bytes before this one
    index::append_move_numbers(bytes, moves, indices);
    const std::span<const go::Move> all(moves);
    CHECK(index::move_number_at(as_bytes(bytes), 1, all.first(1)) == 5U);
    CHECK(index::move_number_at(as_bytes(bytes), 1, all.first(2)) == 8U);
    CHECK(index::move_number_at(as_bytes(bytes), 1, all.first(3)) == 300U);
    // The tenuki is the other side's move elsewhere right after move 300.
    CHECK(index::move_number_at(as_bytes(bytes), 1, all.first(4)) == 301U);
    CHECK(index::move_number_at(as_bytes(bytes), 1, all) == 302U);
    // Bytes cut short are no answer, not a read past them.
    bytes.pop_back();
    CHECK_FALSE(index::move_number_at(as_bytes(bytes), 1, all).has_value());
}

TEST_CASE("a corner's moves are found in the game in order", "[index][line_moves]") {
    game::GameRecord record;
    record.moves = {
        black(15, 3),  white(3, 3),  black(3, 15), white(16, 2),
        black(15, 15), white(16, 2), black(16, 3)};  // move 6 repeats move 4's point (illegal here,
                                                     // but the search must take the first one)
    const std::vector<go::Move> played = {black(15, 3), white(16, 2), black(16, 3)};
    const auto at = index::game_move_indices(record, played, 0, record.moves.size());
    REQUIRE(at.size() == 3);
    CHECK(at[0] == 0U);
    CHECK(at[1] == 3U);
    CHECK(at[2] == 6U);
}

TEST_CASE("lookup gives each game's move number of the position, not of the corner's first stone",
          "[index][line_moves]") {
    test_support::TempDir dir;
    // Upper right: pd (move 1), qc (move 4), qd (move 7), White elsewhere (move 8), pc (move 9).
    // (The other corners' lone stones are B[pd] too, so that node has several numbers.)
    const fs::path dict = test_support::compile_games(
        dir.path(), {"(;GM[1]FF[4]SZ[19]DT[2020-01-01];B[pd];W[dd];B[dp];W[qc];B[pp];W[dc];B[qd]"
                     ";W[cf];B[pc])"});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const auto number_of = [&](const std::string& moves) {
        auto parsed = index::parse_query(moves, index::Tree::Joseki);
        REQUIRE(std::holds_alternative<index::QueryLine>(parsed));
        const index::LookupResult r =
            index::lookup(file, index::Tree::Joseki, std::get<index::QueryLine>(parsed), 5);
        REQUIRE(r.node);
        REQUIRE(r.games.size() == 1);
        return r.games[0].move_number;
    };
    CHECK(number_of("B[pd] W[qc]") == 4);
    CHECK(number_of("B[pd] W[qc] B[qd]") == 7);
    CHECK(number_of("B[pd] W[qc] B[qd] W[tenuki]") == 8);
    CHECK(number_of("B[pd] W[qc] B[qd] B[pc]") == 9);
    // Fuseki: the node's depth.
    auto parsed = index::parse_query("pd dd dp", index::Tree::Fuseki);
    const index::LookupResult r =
        index::lookup(file, index::Tree::Fuseki, std::get<index::QueryLine>(parsed), 5);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].move_number == 3);
}
