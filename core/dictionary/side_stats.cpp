#include "core/dictionary/side_stats.hpp"

#include <algorithm>
#include <stdexcept>

namespace josekic::dictionary {

void SideStats::add(NodeId id, const SideCounts& counts) {
    if (!ids_.empty() && id <= ids_.back())
        throw std::logic_error("SideStats entries must be added in increasing node order");
    ids_.push_back(id);
    counts_.push_back(counts);
}

SideStats::SideStats(Eras eras, std::vector<NodeId> ids, std::vector<SideCounts> counts)
    : eras_(std::move(eras)), ids_(std::move(ids)), counts_(std::move(counts)) {
    if (ids_.size() != counts_.size() ||
        std::adjacent_find(ids_.begin(), ids_.end(), [](NodeId a, NodeId b) { return a >= b; }) !=
            ids_.end())
        throw std::logic_error("SideStats entries must be one per node, in increasing node order");
}

const SideCounts* SideStats::find(NodeId id) const {
    const auto at = std::lower_bound(ids_.begin(), ids_.end(), id);
    if (at == ids_.end() || *at != id) return nullptr;
    return &counts_[static_cast<std::size_t>(at - ids_.begin())];
}

SideCounts SideStats::of(const Trie& trie, NodeId id) const {
    const TrieNode& node = trie.node(id);
    if (kept(node)) {
        const SideCounts* found = find(id);
        return found != nullptr ? *found : SideCounts{};
    }
    SideCounts counts;
    if (node.stats.count == 1) {
        counts.players = 1;
        if (node.stats.first_year != 0) counts.per_era[eras_.era_of(node.stats.first_year)] = 1;
    }
    return counts;
}

SideStats SideStats::for_copy(const Trie& original, const Trie& copy) const {
    SideStats copied(eras_);
    // A copy makes parents before children, so one pass in id order finds each node's
    // original from its parent's.
    std::vector<NodeId> from(copy.size(), kNoNode);
    from[kRoot] = kRoot;
    for (NodeId id = 0; id < copy.size(); ++id) {
        const TrieNode& node = copy.node(id);
        if (id != kRoot && node.parent != kNoNode && from[node.parent] != kNoNode)
            from[id] = original.find_child(from[node.parent], node.move);
        if (from[id] != kNoNode && kept(node)) copied.add(id, of(original, from[id]));
    }
    return copied;
}

}  // namespace josekic::dictionary
