#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "index/node_nesting.hpp"

using namespace josekic;
using index::NodeNesting;
using index::NodeRecord;

namespace {

NodeRecord node(std::uint32_t subtree_end, std::uint32_t lines_begin) {
    return NodeRecord{0, subtree_end, lines_begin};
}

// The root (0) with children 1 (with child 2) and 3: nodes [0,4), lines 0-5, the root's
// none, node 1's one, node 2's three, node 3's two.
const std::vector<NodeRecord> kTree = {node(4, 0), node(3, 0), node(3, 1), node(4, 4)};
const NodeRecord kSentinel = node(4, 6);

// Enters `records` in turn: what each enter() gave.
std::vector<std::optional<std::size_t>> entered(NodeNesting& nesting,
                                                const std::vector<NodeRecord>& records) {
    std::vector<std::optional<std::size_t>> left;
    for (const NodeRecord& r : records) left.push_back(nesting.enter(r));
    return left;
}

}  // namespace

TEST_CASE("node nesting follows a well-formed tree and says which subtrees end",
          "[index][verify]") {
    NodeNesting nesting(4, 6);
    // Node 3 leaves node 2's and node 1's subtrees.
    CHECK(entered(nesting, kTree) == std::vector<std::optional<std::size_t>>{0, 0, 0, 2});
    CHECK(nesting.depth() == 2);
    CHECK(nesting.ends(kSentinel));
    CHECK_FALSE(nesting.ends(node(4, 5)));  // not the total of lines
    CHECK_FALSE(nesting.ends(node(3, 6)));
}

TEST_CASE("node nesting refuses a record out of place", "[index][verify]") {
    // Enters kTree up to `at`, with `record` at `at`: what was wrong with it.
    const auto refused_at = [](std::size_t at, NodeRecord record) {
        NodeNesting nesting(4, 6);
        for (std::size_t i = 0; i < at; ++i) CHECK(nesting.enter(kTree[i]));
        return nesting.enter(record) ? std::string("accepted") : std::string(nesting.problem());
    };
    const std::string subtree = "has a bad subtree";
    const std::string lines = "has bad lines";
    CHECK(refused_at(0, node(3, 0)) == subtree);  // the root's is not the whole tree
    CHECK(refused_at(0, node(4, 1)) == lines);    // the root's lines do not begin at 0
    CHECK(refused_at(1, node(1, 0)) == subtree);  // an empty subtree
    CHECK(refused_at(2, node(4, 1)) == subtree);  // past its parent's subtree
    CHECK(refused_at(2, node(3, 7)) == lines);    // past the last line
    CHECK(refused_at(3, node(4, 0)) == lines);    // lines before the previous node's
    // A node after the root's subtree, and a tree that ends early.
    NodeNesting past(2, 6);
    CHECK(past.enter(node(2, 0)));
    CHECK(past.enter(node(2, 0)));
    CHECK_FALSE(past.enter(node(3, 0)));
    NodeNesting early(4, 6);
    CHECK(early.enter(kTree[0]));
    CHECK_FALSE(early.ends(kSentinel));
}
