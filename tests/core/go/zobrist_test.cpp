#include <catch2/catch.hpp>

#include <set>

#include "core/go/board.hpp"
#include "core/go/zobrist.hpp"

using namespace josekic::go;

TEST_CASE("pinned Zobrist keys", "[zobrist]") {
    // Pinned so that a change of seed or generator, which would change every stored hash,
    // cannot pass unnoticed.
    CHECK(zobrist_key(Color::Black, Point{0, 0}) == 0x7B0787A748451315ULL);
    CHECK(zobrist_key(Color::White, *point_from_sgf("pd")) == 0x27DC70328C931D2BULL);
}

TEST_CASE("Zobrist keys are distinct", "[zobrist]") {
    std::set<std::uint64_t> keys;
    std::set<Hash128> keys128;
    for (Color c : {Color::Black, Color::White}) {
        for (int i = 0; i < kNumPoints; ++i) {
            keys.insert(zobrist_key(c, Point::from_index(i)));
            keys128.insert(zobrist_key128(c, Point::from_index(i)));
        }
    }
    CHECK(keys.size() == 2 * kNumPoints);
    CHECK(keys128.size() == 2 * kNumPoints);
}

TEST_CASE("a position's hash is independent of move order", "[zobrist]") {
    Board a;
    Board b;
    const Point p1 = *point_from_sgf("pd"), p2 = *point_from_sgf("dd"), p3 = *point_from_sgf("pp");
    a.play(Move::at(Color::Black, p1));
    a.play(Move::at(Color::White, p2));
    a.play(Move::at(Color::Black, p3));
    b.play(Move::at(Color::Black, p3));
    b.play(Move::at(Color::White, p2));
    b.play(Move::at(Color::Black, p1));
    CHECK(a.hash() == b.hash());
    CHECK(a.hash() == (zobrist_key(Color::Black, p1) ^ zobrist_key(Color::White, p2) ^
                       zobrist_key(Color::Black, p3)));
}
