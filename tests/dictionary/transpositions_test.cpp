#include <catch2/catch.hpp>

#include "compiler/dictionary/transpositions.hpp"

using namespace josekic;
using namespace josekic::dictionary;

TEST_CASE("nodes group by the whole 128-bit key, never by its low half", "[transpositions]") {
    // Forged keys: 1 and 2 share all 128 bits, 3 shares only the low 64 bits with them.
    const std::vector<KeyedNode> nodes = {
        {1, go::Hash128{0xAAAA, 0x1234}},
        {2, go::Hash128{0xAAAA, 0x1234}},
        {3, go::Hash128{0xBBBB, 0x1234}},
        {4, go::Hash128{0xCCCC, 0x9999}},
    };
    const auto grouping = group_transpositions(nodes, {});
    REQUIRE(grouping.classes.size() == 1);
    CHECK(grouping.classes[0] == std::vector<NodeId>{1, 2});
    CHECK(grouping.collisions == 0);
}

TEST_CASE("equal keys of different positions are split by the exact check", "[transpositions]") {
    // All four keys equal; the exact positions say 1 = 3 and 2 = 4, different from each other.
    const std::vector<KeyedNode> nodes = {{4, {7, 7}}, {3, {7, 7}}, {2, {7, 7}}, {1, {7, 7}}};
    const auto exact = [](NodeId node) {
        CanonicalStones s;
        s.points[0] = node % 2 == 1 ? go::Stone::Black : go::Stone::White;
        return s;
    };
    const auto grouping = group_transpositions(nodes, exact);
    REQUIRE(grouping.classes.size() == 2);
    CHECK(grouping.classes[0] == std::vector<NodeId>{1, 3});
    CHECK(grouping.classes[1] == std::vector<NodeId>{2, 4});
    CHECK(grouping.collisions == 1);
    // Without the check they would merge: the test above can fail.
    CHECK(group_transpositions(nodes, {}).classes.size() == 1);
}
