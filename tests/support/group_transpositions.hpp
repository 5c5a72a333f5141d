#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "core/dictionary/position_index.hpp"
#include "core/dictionary/transpositions.hpp"

namespace josekic::test_support {

/// The exact position of a node, for verifying equal keys (see canonical_stones).
using ExactPosition = std::function<dictionary::CanonicalStones(dictionary::NodeId)>;

/// dictionary::group_transpositions_by_forms with the exact check done on whole positions,
/// one node at a time: the plain reference the grouping is tested against.
inline dictionary::TranspositionGrouping group_transpositions(
    std::span<const dictionary::KeyedNode> nodes, const ExactPosition& exact) {
    dictionary::ExactFormsOf forms;
    if (exact) {
        // A CanonicalStones is already canonical: its points and player to move are a form.
        forms = [&exact](std::span<const dictionary::NodeId> asked) {
            dictionary::ExactForms out;
            for (dictionary::NodeId node : asked) {
                const dictionary::CanonicalStones s = exact(node);
                for (go::Stone p : s.points) out.values.push_back(static_cast<std::uint16_t>(p));
                out.values.push_back(static_cast<std::uint16_t>(s.to_move));
                out.ends.push_back(out.values.size());
            }
            return out;
        };
    }
    return dictionary::group_transpositions_by_forms(nodes, forms);
}

}  // namespace josekic::test_support
