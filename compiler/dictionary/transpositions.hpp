#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include "compiler/dictionary/position_index.hpp"
#include "compiler/dictionary/trie.hpp"
#include "compiler/go/zobrist.hpp"

namespace josekic::dictionary {

/// A node and the canonical 128-bit key of its position.
struct KeyedNode {
    NodeId node = kNoNode;
    go::Hash128 key;
};

/// The exact position of a node, for verifying equal keys (see canonical_stones).
using ExactPosition = std::function<CanonicalStones(NodeId)>;

/// What grouping found.
struct TranspositionGrouping {
    /// Classes of two or more nodes, each sorted by NodeId, the classes sorted by their
    /// first node. (Callers order members for output themselves.)
    std::vector<std::vector<NodeId>> classes;
    /// Groups of equal 128-bit keys whose positions turned out to differ (key collisions,
    /// split by the exact comparison). Expected to be 0 with the real tables.
    std::size_t collisions = 0;
};

/// Groups nodes by their full 128-bit key (never by one half of it), then, when `exact` is
/// given, splits every group of equal keys by the exact positions, so that two different
/// positions are never linked even if their keys collide. Only groups of two or more nodes
/// become classes.
TranspositionGrouping group_transpositions(std::span<const KeyedNode> nodes, const ExactPosition& exact);

}  // namespace josekic::dictionary
