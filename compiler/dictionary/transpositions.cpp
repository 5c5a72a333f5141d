#include "compiler/dictionary/transpositions.hpp"

#include <algorithm>
#include <cstring>

namespace josekic::dictionary {

TranspositionGrouping group_transpositions(std::span<const KeyedNode> nodes, const ExactPosition& exact) {
    std::vector<KeyedNode> sorted(nodes.begin(), nodes.end());
    std::sort(sorted.begin(), sorted.end(), [](const KeyedNode& a, const KeyedNode& b) {
        if (a.key != b.key) return a.key < b.key;
        return a.node < b.node;
    });
    TranspositionGrouping out;
    for (std::size_t begin = 0; begin < sorted.size();) {
        std::size_t end = begin + 1;
        while (end < sorted.size() && sorted[end].key == sorted[begin].key) ++end;
        if (end - begin >= 2) {
            if (!exact) {
                auto& group = out.classes.emplace_back();
                for (std::size_t i = begin; i < end; ++i) group.push_back(sorted[i].node);
            } else {
                // Equal keys: compare the stones themselves. A group normally holds one
                // position; anything else is a collision and is split, never merged.
                std::vector<std::pair<CanonicalStones, NodeId>> exacts;
                exacts.reserve(end - begin);
                for (std::size_t i = begin; i < end; ++i) exacts.emplace_back(exact(sorted[i].node), sorted[i].node);
                // The same order as pair::operator< (Stone is a uint8_t enum, so memcmp orders
                // the points as operator<=> does), without comparing byte by byte.
                std::sort(exacts.begin(), exacts.end(), [](const auto& a, const auto& b) {
                    const int c = std::memcmp(a.first.points.data(), b.first.points.data(), sizeof a.first.points);
                    if (c != 0) return c < 0;
                    if (a.first.to_move != b.first.to_move) return a.first.to_move < b.first.to_move;
                    return a.second < b.second;
                });
                std::size_t positions = 0;
                for (std::size_t i = 0; i < exacts.size();) {
                    std::size_t j = i + 1;
                    while (j < exacts.size() && exacts[j].first == exacts[i].first) ++j;
                    ++positions;
                    if (j - i >= 2) {
                        auto& group = out.classes.emplace_back();
                        for (std::size_t k = i; k < j; ++k) group.push_back(exacts[k].second);
                    }
                    i = j;
                }
                if (positions > 1) ++out.collisions;
            }
        }
        begin = end;
    }
    std::sort(out.classes.begin(), out.classes.end());
    return out;
}

}  // namespace josekic::dictionary
