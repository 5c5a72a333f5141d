#include "core/dictionary/transpositions.hpp"

#include <algorithm>
#include <limits>
#include <memory>

namespace josekic::dictionary {

TranspositionGrouping group_transpositions_by_forms(std::span<const KeyedNode> input,
                                                    const ExactFormsOf& exact_forms) {
    // Everything below keeps node order: groups come out in order of their first node and
    // each in node order, so neither keys nor (without collisions) classes are sorted.
    const auto by_node = [](const KeyedNode& a, const KeyedNode& b) { return a.node < b.node; };
    std::vector<KeyedNode> reordered;
    std::span<const KeyedNode> nodes = input;
    if (!std::is_sorted(input.begin(), input.end(), by_node)) {
        reordered.assign(input.begin(), input.end());
        std::sort(reordered.begin(), reordered.end(), by_node);
        nodes = reordered;
    }

    // Most keys are unique: an open-addressing table finds, for each node, the first node
    // with its key, and counts how many share it.
    constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
    std::size_t capacity = 16;
    while (capacity < nodes.size() * 2) capacity *= 2;
    const std::size_t mask = capacity - 1;
    std::vector<std::uint32_t> first_with_key(capacity, kEmpty);
    // Scratch arrays of one entry per node that every entry is written before it is read
    // are left uninitialised: zeroing them was a sizeable part of the grouping's work.
    const auto scratch = [&nodes] {
        return std::make_unique_for_overwrite<std::uint32_t[]>(nodes.size());
    };
    const auto first_of = scratch();
    std::vector<std::uint32_t> sharing(nodes.size(), 0);  // indexed by a key's first node
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const go::Hash128& key = nodes[i].key;
        const std::uint64_t mixed =
            (key.low ^ (key.high * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
        for (std::size_t slot = static_cast<std::size_t>(mixed >> 32) & mask;;
             slot = (slot + 1) & mask) {
            const std::uint32_t first = first_with_key[slot];
            if (first == kEmpty) {
                first_with_key[slot] = static_cast<std::uint32_t>(i);
                first_of[i] = static_cast<std::uint32_t>(i);
                break;
            }
            if (nodes[first].key == key) {
                first_of[i] = first;
                break;
            }
        }
        ++sharing[first_of[i]];
    }
    // Groups of equal keys with two or more nodes, laid out one after the other: group g is
    // grouped[groups[g].first, groups[g].second), as indices into `nodes`. A group's first
    // node comes before its other nodes, so its place is known when they arrive.
    std::vector<std::uint32_t> grouped;
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    const auto write_at = scratch();    // indexed by a key's first node
    std::vector<NodeId> shared;         // every grouped node, in node order
    const auto form_index = scratch();  // its place in `shared`
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::uint32_t first = first_of[i];
        if (sharing[first] < 2) continue;
        if (first == i) {
            write_at[i] = static_cast<std::uint32_t>(grouped.size());
            groups.emplace_back(grouped.size(), grouped.size() + sharing[first]);
            grouped.resize(grouped.size() + sharing[first]);
        }
        grouped[write_at[first]++] = static_cast<std::uint32_t>(i);
        form_index[i] = static_cast<std::uint32_t>(shared.size());
        shared.push_back(nodes[i].node);
    }

    TranspositionGrouping out;
    out.classes.reserve(groups.size());
    if (!exact_forms) {
        for (const auto& [begin, end] : groups) {
            auto& group = out.classes.emplace_back();
            group.reserve(end - begin);
            for (std::size_t g = begin; g < end; ++g) group.push_back(nodes[grouped[g]].node);
        }
        return out;
    }
    if (shared.empty()) return out;
    const ExactForms forms = exact_forms(shared);
    const auto same = [](std::span<const std::uint16_t> a, std::span<const std::uint16_t> b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    };

    // Equal keys: compare the positions themselves. A group normally holds one position
    // (then it is a class as it stands); anything else is a collision and is split, never
    // merged.
    std::vector<std::pair<std::span<const std::uint16_t>, NodeId>> exacts;
    bool split = false;
    for (const auto& [begin, end] : groups) {
        const std::span<const std::uint16_t> first_form = forms.form(form_index[grouped[begin]]);
        std::size_t g = begin + 1;
        while (g < end && same(forms.form(form_index[grouped[g]]), first_form)) ++g;
        if (g == end) {
            auto& group = out.classes.emplace_back();
            group.reserve(end - begin);
            for (g = begin; g < end; ++g) group.push_back(nodes[grouped[g]].node);
            continue;
        }
        split = true;
        exacts.clear();
        for (g = begin; g < end; ++g)
            exacts.emplace_back(forms.form(form_index[grouped[g]]), nodes[grouped[g]].node);
        std::sort(exacts.begin(), exacts.end(), [](const auto& a, const auto& b) {
            if (std::lexicographical_compare(a.first.begin(), a.first.end(), b.first.begin(),
                                             b.first.end()))
                return true;
            if (std::lexicographical_compare(b.first.begin(), b.first.end(), a.first.begin(),
                                             a.first.end()))
                return false;
            return a.second < b.second;
        });
        for (std::size_t i = 0; i < exacts.size();) {
            std::size_t j = i + 1;
            while (j < exacts.size() && same(exacts[j].first, exacts[i].first)) ++j;
            if (j - i >= 2) {
                auto& group = out.classes.emplace_back();
                for (std::size_t k = i; k < j; ++k) group.push_back(exacts[k].second);
            }
            i = j;
        }
        ++out.collisions;
    }
    // Classes are disjoint, so their first nodes order them; a split group's parts may
    // land out of that order.
    if (split) {
        std::sort(out.classes.begin(), out.classes.end(),
                  [](const std::vector<NodeId>& a, const std::vector<NodeId>& b) {
                      return a.front() < b.front();
                  });
    }
    return out;
}

}  // namespace josekic::dictionary
