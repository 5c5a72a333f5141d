#include <catch2/catch.hpp>

#include "core/dictionary/transpositions.hpp"
#include "tests/support/group_transpositions.hpp"

using namespace josekic;
using namespace josekic::dictionary;
using josekic::test_support::group_transpositions;

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

TEST_CASE("grouping by forms asks once, only for shared keys, and agrees with exact positions",
          "[transpositions]") {
    // 200 nodes, keys shared by every fourth pair; forms split node 7's group.
    std::vector<KeyedNode> nodes;
    for (NodeId v = 1; v <= 200; ++v) {
        const std::uint64_t k = v % 8 == 0 ? v - 4 : v;  // 8 shares with 4, 16 with 12, ...
        nodes.push_back({v, go::Hash128{k * 0x1000, k}});
    }
    std::size_t calls = 0;
    std::vector<NodeId> asked_for;
    const ExactFormsOf forms = [&](std::span<const NodeId> asked) {
        ++calls;
        asked_for.assign(asked.begin(), asked.end());
        ExactForms out;
        for (NodeId v : asked) {
            out.values.push_back(v == 56 ? 1 : 0);  // 56 differs from 52
            out.ends.push_back(out.values.size());
        }
        return out;
    };
    const auto grouping = group_transpositions_by_forms(nodes, forms);
    CHECK(calls == 1);
    CHECK(asked_for.size() == 50);
    CHECK(std::is_sorted(asked_for.begin(), asked_for.end()));
    CHECK(grouping.classes.size() == 24);
    CHECK(grouping.classes.front() == std::vector<NodeId>{4, 8});
    CHECK(grouping.collisions == 1);
    const auto exact = [](NodeId v) {
        CanonicalStones s;
        s.points[0] = v == 56 ? go::Stone::Black : go::Stone::Empty;
        return s;
    };
    const auto by_stones = group_transpositions(nodes, exact);
    CHECK(by_stones.classes == grouping.classes);
    CHECK(by_stones.collisions == grouping.collisions);
}
