#include "prune/budget.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <utility>

#include "prune/copy_kept.hpp"

namespace josekic::prune {

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;

KeptCounts::KeptCounts(std::span<const BudgetTree> trees) {
    // Most counts are small; the few large ones (near the roots) go to a map.
    constexpr std::uint32_t kSmall = 4096;
    std::vector<std::uint64_t> small(kSmall, 0);
    std::map<std::uint32_t, std::uint64_t> large;
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
            if (count < kSmall)
                ++small[count];
            else
                ++large[count];
            for (NodeId c = trie.node(at).first_child; c != kNoNode; c = trie.node(c).next_sibling)
                stack.emplace_back(c, std::min(count, trie.node(c).stats.count));
        }
    }
    std::uint64_t nodes = 0;
    const auto add_level = [&](std::uint32_t count, std::uint64_t with_count) {
        nodes += with_count;
        levels_.push_back(Level{count, nodes});
    };
    for (auto it = large.rbegin(); it != large.rend(); ++it) add_level(it->first, it->second);
    for (std::uint32_t count = kSmall; count-- > 0;) {
        if (small[count] != 0) add_level(count, small[count]);
    }
    highest_ = levels_.empty() ? 0 : levels_.front().count;
}

std::uint64_t KeptCounts::nodes_at(std::uint64_t m) const {
    // The kept levels are a prefix: those whose count is at least m.
    const auto end = std::partition_point(levels_.begin(), levels_.end(),
                                          [m](const Level& level) { return level.count >= m; });
    return roots_ + (end == levels_.begin() ? 0 : std::prev(end)->nodes_at_or_above);
}

std::uint64_t KeptCounts::min_count_for_nodes(std::uint64_t max_nodes, std::uint64_t floor) const {
    if (max_nodes < roots_) return roots_only();
    const std::uint64_t room = max_nodes - roots_;
    if (levels_.empty() || room >= levels_.back().nodes_at_or_above) return floor;
    // The (room+1)-th highest count must go, and with it every node of that count.
    const auto cut = std::partition_point(
        levels_.begin(), levels_.end(),
        [room](const Level& level) { return level.nodes_at_or_above <= room; });
    return std::max<std::uint64_t>(floor, std::uint64_t{cut->count} + 1);
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
