#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "core/dictionary/chain_links.hpp"

using josekic::dictionary::ChainLinks;

TEST_CASE("chain links give back every node's parent and next sibling",
          "[dictionary][chain_links]") {
    // A tree grown as a trie grows: each new node goes first among its parent's children,
    // often as the only child of the node made just before it (a chain), sometimes under an
    // older node (a head). Enough nodes for many 64-node words, with heads at word edges.
    std::mt19937 random(7);
    std::vector<std::uint32_t> parent{ChainLinks::kNone};
    std::vector<std::uint32_t> next_sibling{ChainLinks::kNone};
    std::vector<std::uint32_t> first_child{ChainLinks::kNone};
    ChainLinks links;
    links.push_back(ChainLinks::kNone, ChainLinks::kNone);
    for (std::uint32_t id = 1; id < 5000; ++id) {
        const bool chain = random() % 4 != 0 && first_child[id - 1] == ChainLinks::kNone;
        const std::uint32_t p = chain ? id - 1 : static_cast<std::uint32_t>(random() % id);
        parent.push_back(p);
        next_sibling.push_back(first_child[p]);
        first_child.push_back(ChainLinks::kNone);
        first_child[p] = id;
        links.push_back(parent[id], next_sibling[id]);
    }
    REQUIRE(links.size() == parent.size());
    std::size_t heads = 0;
    for (std::uint32_t id = 0; id < parent.size(); ++id) {
        INFO("node " << id);
        CHECK(links.parent(id) == parent[id]);
        CHECK(links.next_sibling(id) == next_sibling[id]);
        if (parent[id] != id - 1 || next_sibling[id] != ChainLinks::kNone) ++heads;
    }
    // Only the heads store links; a chain's are implied.
    CHECK(links.heads() == heads);
    CHECK(heads < parent.size() / 2);
}

TEST_CASE("a node made under the node before it is still a head when it has a sibling",
          "[dictionary][chain_links]") {
    ChainLinks links;
    links.push_back(ChainLinks::kNone, ChainLinks::kNone);  // the root: 0 - 1 is kNone
    links.push_back(0, ChainLinks::kNone);                  // 1: a chain under the root
    links.push_back(0, 1);                                  // 2: the root's second child
    links.push_back(2, ChainLinks::kNone);                  // 3: a chain under 2
    CHECK(links.heads() == 1);
    CHECK(links.parent(0) == ChainLinks::kNone);
    CHECK(links.parent(2) == 0);
    CHECK(links.next_sibling(2) == 1);
    CHECK(links.parent(3) == 2);
    CHECK(links.next_sibling(3) == ChainLinks::kNone);
}
