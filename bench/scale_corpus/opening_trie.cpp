#include "bench/scale_corpus/opening_trie.hpp"

#include <algorithm>
#include <cmath>

namespace josekic::bench {

OpeningTrie::OpeningTrie(std::size_t depth) : depth_(std::max<std::size_t>(depth, 1)) {
    nodes_.emplace_back();
}

OpeningTrie::NodeId OpeningTrie::child(NodeId node, MoveCode move) const {
    for (NodeId c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling)
        if (nodes_[c].move == move) return c;
    return 0;
}

void OpeningTrie::insert(std::span<const MoveCode> moves, std::uint32_t line) {
    NodeId node = 0;
    ++nodes_[0].count;
    for (std::size_t i = 0; i < moves.size() && i < depth_; ++i) {
        NodeId next = child(node, moves[i]);
        if (next == 0) {
            next = static_cast<NodeId>(nodes_.size());
            Node fresh;
            fresh.move = moves[i];
            fresh.line = line;
            fresh.next_sibling = nodes_[node].first_child;
            nodes_.push_back(fresh);
            nodes_[node].first_child = next;
        }
        ++nodes_[next].count;
        node = next;
    }
}

OpeningTrie::NodeId OpeningTrie::step(NodeId node, double leave_weight, Random& random) const {
    // Weights in 1/256 of a game, so that the draw is an integer one and the same everywhere.
    constexpr double kScale = 256.0;
    const auto leave = static_cast<std::uint64_t>(std::llround(leave_weight * kScale));
    const std::uint64_t total = std::uint64_t{nodes_[node].count} * 256 + leave;
    if (total == 0) return 0;
    std::uint64_t draw = random.below(total);
    for (NodeId c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling) {
        const std::uint64_t weight = std::uint64_t{nodes_[c].count} * 256;
        if (draw < weight) return c;
        draw -= weight;
    }
    return 0;
}

OpeningTrie::NodeId OpeningTrie::other_child(NodeId node, NodeId excluded, Random& random) const {
    std::uint64_t total = 0;
    for (NodeId c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling)
        if (c != excluded) total += nodes_[c].count;
    if (total == 0) return 0;
    std::uint64_t draw = random.below(total);
    for (NodeId c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling) {
        if (c == excluded) continue;
        if (draw < nodes_[c].count) return c;
        draw -= nodes_[c].count;
    }
    return 0;
}

}  // namespace josekic::bench
