#include "prune/budget.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include "prune/copy_kept.hpp"

namespace josekic::prune {

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;

KeptCounts::KeptCounts(std::span<const BudgetTree> trees) {
    for (const BudgetTree& tree : trees) {
        ++roots_;
        const dictionary::Trie& trie = *tree.trie;
        // (node, the smallest count on the path to it)
        std::vector<std::pair<NodeId, std::uint32_t>> stack;
        for (NodeId c = trie.node(kRoot).first_child; c != kNoNode; c = trie.node(c).next_sibling) {
            if (tree.only_first_move == kNoNode || c == tree.only_first_move)
                stack.emplace_back(c, trie.node(c).stats.count);
        }
        while (!stack.empty()) {
            const auto [at, count] = stack.back();
            stack.pop_back();
            counts_.push_back(count);
            for (NodeId c = trie.node(at).first_child; c != kNoNode; c = trie.node(c).next_sibling)
                stack.emplace_back(c, std::min(count, trie.node(c).stats.count));
        }
    }
    std::sort(counts_.begin(), counts_.end(), std::greater<>());
    highest_ = counts_.empty() ? 0 : counts_.front();
}

std::uint64_t KeptCounts::nodes_at(std::uint64_t m) const {
    // counts_ is sorted highest first: the kept ones are a prefix.
    const auto end = std::partition_point(counts_.begin(), counts_.end(),
                                          [m](std::uint32_t count) { return count >= m; });
    return roots_ + static_cast<std::uint64_t>(end - counts_.begin());
}

std::uint64_t KeptCounts::min_count_for_nodes(std::uint64_t max_nodes, std::uint64_t floor) const {
    if (max_nodes < roots_) return roots_only();
    const std::uint64_t room = max_nodes - roots_;
    if (room >= counts_.size()) return floor;
    // The (room+1)-th highest count must go, and with it every node of that count.
    return std::max<std::uint64_t>(floor, std::uint64_t{counts_[room]} + 1);
}

dictionary::Trie cut_at_min_count(const dictionary::Trie& in, std::uint64_t min_count,
                                  NodeId only_first_move) {
    return copy_kept(in, [&](NodeId from, std::size_t, const std::vector<NodeId>& children,
                             std::vector<NodeId>& kept) {
        for (const NodeId child : children) {
            if (from == kRoot && only_first_move != kNoNode && child != only_first_move) continue;
            if (in.node(child).stats.count >= min_count) kept.push_back(child);
        }
    });
}

}  // namespace josekic::prune
