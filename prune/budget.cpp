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

namespace {

// Nodes per count: most counts are small; the few large ones (near the roots) go to a map.
class CountHistogram {
  public:
    void add(std::uint32_t count) {
        if (count < kSmall)
            ++small_[count];
        else
            ++large_[count];
    }
    /// Calls `f(count, nodes)` for every count that some node has, highest first.
    template <typename F>
    void for_each_highest_first(F&& f) const {
        for (auto it = large_.rbegin(); it != large_.rend(); ++it) f(it->first, it->second);
        for (std::uint32_t count = kSmall; count-- > 0;) {
            if (small_[count] != 0) f(count, small_[count]);
        }
    }

  private:
    static constexpr std::uint32_t kSmall = 4096;
    std::vector<std::uint64_t> small_ = std::vector<std::uint64_t>(kSmall, 0);
    std::map<std::uint32_t, std::uint64_t> large_;
};

// Counts every node below the root of a whole trie in one pass in id order (a parent's id is
// below its children's), which reads the nodes in the order they lie in memory: a node's
// count is the smallest on its path when no count exceeds its parent's, as in a compiled
// trie. False, with `histogram` unchanged, when some count does (a hand-edited file).
bool count_in_id_order(const dictionary::Trie& trie, CountHistogram& histogram) {
    for (NodeId id = 1; id < trie.size(); ++id) {
        if (trie.count(id) > trie.count(trie.parent(id))) return false;
    }
    for (NodeId id = 1; id < trie.size(); ++id) histogram.add(trie.count(id));
    return true;
}

// Counts the nodes below the root (below `only_first_move` alone, unless kNoNode) with the
// smallest count on each one's path, in a walk of the tree.
void count_in_walk(const dictionary::Trie& trie, NodeId only_first_move,
                   CountHistogram& histogram) {
    // (node, the smallest count on the path to it)
    std::vector<std::pair<NodeId, std::uint32_t>> stack;
    for (NodeId c = trie.first_child(kRoot); c != kNoNode; c = trie.next_sibling(c)) {
        if (only_first_move == kNoNode || c == only_first_move)
            stack.emplace_back(c, trie.count(c));
    }
    while (!stack.empty()) {
        const auto [at, count] = stack.back();
        stack.pop_back();
        histogram.add(count);
        for (NodeId c = trie.first_child(at); c != kNoNode; c = trie.next_sibling(c))
            stack.emplace_back(c, std::min(count, trie.count(c)));
    }
}

}  // namespace

KeptCounts::KeptCounts(std::span<const BudgetTree> trees) {
    CountHistogram histogram;
    for (const BudgetTree& tree : trees) {
        ++roots_;
        if (tree.only_first_move != kNoNode || !count_in_id_order(*tree.trie, histogram))
            count_in_walk(*tree.trie, tree.only_first_move, histogram);
    }
    std::uint64_t nodes = 0;
    const auto add_level = [&](std::uint32_t count, std::uint64_t with_count) {
        nodes += with_count;
        levels_.push_back(Level{count, nodes});
    };
    histogram.for_each_highest_first(add_level);
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
            if (in.count(child) >= min_count) kept.push_back(child);
        }
    });
}

}  // namespace josekic::prune
