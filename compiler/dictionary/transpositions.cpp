#include "compiler/dictionary/transpositions.hpp"

#include <algorithm>
#include <limits>

namespace josekic::dictionary {

TranspositionGrouping group_transpositions(std::span<const KeyedNode> nodes, const ExactPosition& exact) {
    ExactFormsOf forms;
    if (exact) {
        // A CanonicalStones is already canonical: its points and player to move are a form.
        forms = [&exact](std::span<const NodeId> asked) {
            ExactForms out;
            for (NodeId node : asked) {
                const CanonicalStones s = exact(node);
                for (go::Stone p : s.points) out.values.push_back(static_cast<std::uint16_t>(p));
                out.values.push_back(static_cast<std::uint16_t>(s.to_move));
                out.ends.push_back(out.values.size());
            }
            return out;
        };
    }
    return group_transpositions_by_forms(nodes, forms);
}

TranspositionGrouping group_transpositions_by_forms(std::span<const KeyedNode> nodes, const ExactFormsOf& exact_forms) {
    // Most keys are unique: an open-addressing table finds the shared ones, and only those
    // are sorted (sorting every node by its 128-bit key was most of the grouping's work).
    constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
    std::size_t capacity = 16;
    while (capacity < nodes.size() * 2) capacity *= 2;
    const std::size_t mask = capacity - 1;
    std::vector<std::uint32_t> first_with_key(capacity, kEmpty);
    std::vector<char> key_shared(nodes.size(), 0);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const go::Hash128& key = nodes[i].key;
        const std::uint64_t mixed = (key.low ^ (key.high * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
        for (std::size_t slot = static_cast<std::size_t>(mixed >> 32) & mask;; slot = (slot + 1) & mask) {
            const std::uint32_t first = first_with_key[slot];
            if (first == kEmpty) {
                first_with_key[slot] = static_cast<std::uint32_t>(i);
                break;
            }
            if (nodes[first].key == key) {
                key_shared[first] = 1;
                key_shared[i] = 1;
                break;
            }
        }
    }
    std::vector<KeyedNode> sorted;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (key_shared[i]) sorted.push_back(nodes[i]);
    }
    std::sort(sorted.begin(), sorted.end(), [](const KeyedNode& a, const KeyedNode& b) {
        if (a.key != b.key) return a.key < b.key;
        return a.node < b.node;
    });
    // Runs of equal keys with two or more nodes: [begin, end) in `sorted`.
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    for (std::size_t begin = 0; begin < sorted.size();) {
        std::size_t end = begin + 1;
        while (end < sorted.size() && sorted[end].key == sorted[begin].key) ++end;
        if (end - begin >= 2) groups.emplace_back(begin, end);
        begin = end;
    }

    TranspositionGrouping out;
    if (!exact_forms) {
        for (const auto& [begin, end] : groups) {
            auto& group = out.classes.emplace_back();
            for (std::size_t i = begin; i < end; ++i) group.push_back(sorted[i].node);
        }
        std::sort(out.classes.begin(), out.classes.end());
        return out;
    }

    std::vector<NodeId> shared;
    for (const auto& [begin, end] : groups) {
        for (std::size_t i = begin; i < end; ++i) shared.push_back(sorted[i].node);
    }
    if (shared.empty()) return out;
    std::sort(shared.begin(), shared.end());
    const ExactForms forms = exact_forms(shared);
    const auto form_of = [&](NodeId node) {
        return forms.form(static_cast<std::size_t>(std::lower_bound(shared.begin(), shared.end(), node) - shared.begin()));
    };

    // Equal keys: compare the positions themselves. A group normally holds one position;
    // anything else is a collision and is split, never merged.
    std::vector<std::pair<std::span<const std::uint16_t>, NodeId>> exacts;
    const auto same = [](std::span<const std::uint16_t> a, std::span<const std::uint16_t> b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    };
    for (const auto& [begin, end] : groups) {
        exacts.clear();
        for (std::size_t i = begin; i < end; ++i) exacts.emplace_back(form_of(sorted[i].node), sorted[i].node);
        std::sort(exacts.begin(), exacts.end(), [](const auto& a, const auto& b) {
            if (std::lexicographical_compare(a.first.begin(), a.first.end(), b.first.begin(), b.first.end())) return true;
            if (std::lexicographical_compare(b.first.begin(), b.first.end(), a.first.begin(), a.first.end())) return false;
            return a.second < b.second;
        });
        std::size_t positions = 0;
        for (std::size_t i = 0; i < exacts.size();) {
            std::size_t j = i + 1;
            while (j < exacts.size() && same(exacts[j].first, exacts[i].first)) ++j;
            ++positions;
            if (j - i >= 2) {
                auto& group = out.classes.emplace_back();
                for (std::size_t k = i; k < j; ++k) group.push_back(exacts[k].second);
            }
            i = j;
        }
        if (positions > 1) ++out.collisions;
    }
    std::sort(out.classes.begin(), out.classes.end());
    return out;
}

}  // namespace josekic::dictionary
