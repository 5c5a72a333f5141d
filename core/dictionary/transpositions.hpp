#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/dictionary/position_index.hpp"
#include "core/dictionary/trie.hpp"
#include "core/go/zobrist.hpp"

namespace josekic::dictionary {

/// A node and the canonical 128-bit key of its position.
struct KeyedNode {
    NodeId node = kNoNode;
    go::Hash128 key;
};

/// What grouping found.
struct TranspositionGrouping {
    /// Classes of two or more nodes, each sorted by NodeId, the classes sorted by their
    /// first node. (Callers order members for output themselves.)
    std::vector<std::vector<NodeId>> classes;
    /// Groups of equal 128-bit keys whose positions turned out to differ (key collisions,
    /// split by the exact comparison). Expected to be 0 with the real tables.
    std::size_t collisions = 0;
};

/// Exact positions as compact forms (see append_canonical_form): form(i) belongs to the
/// i-th node asked for, and two nodes hold the same position exactly when their forms are
/// equal.
struct ExactForms {
    std::vector<std::uint16_t> values;
    std::vector<std::size_t> ends;  ///< form i is values[ends[i - 1] (0 for i = 0), ends[i])
    std::span<const std::uint16_t> form(std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : ends[i - 1];
        return {values.data() + begin, ends[i] - begin};
    }
};

/// The exact forms of the given nodes, all at once (so that one walk of the tree can
/// compute them), in the order given.
using ExactFormsOf = std::function<ExactForms(std::span<const NodeId>)>;

/// Groups nodes by their full 128-bit key (never by one half of it), then, when
/// `exact_forms` is given, splits every group of equal keys by the exact positions, so that
/// two different positions are never linked even if their keys collide. Only groups of two
/// or more nodes become classes. `exact_forms` is called once, with every node whose
/// 128-bit key another node shares (in NodeId order), and not at all when no key is shared.
/// An empty function skips the check.
TranspositionGrouping group_transpositions_by_forms(std::span<const KeyedNode> nodes,
                                                    const ExactFormsOf& exact_forms);

}  // namespace josekic::dictionary
