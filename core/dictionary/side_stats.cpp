#include "core/dictionary/side_stats.hpp"

#include <algorithm>
#include <stdexcept>

namespace josekic::dictionary {

void SideStats::add(NodeId id, const SideCounts& counts) {
    if (!ids_.empty() && id <= ids_.back())
        throw std::logic_error("SideStats entries must be added in increasing node order");
    ids_.push_back(id);
    table_.push_back(counts.players);
    table_.insert(table_.end(), counts.per_era.begin(),
                  counts.per_era.begin() + static_cast<std::ptrdiff_t>(eras_.count()));
}

SideStats::SideStats(Eras eras, std::vector<NodeId> ids, std::vector<NodeStats::Counter> table)
    : eras_(std::move(eras)), ids_(std::move(ids)), table_(std::move(table)) {
    if (table_.size() != ids_.size() * stride(eras_) ||
        std::adjacent_find(ids_.begin(), ids_.end(), [](NodeId a, NodeId b) { return a >= b; }) !=
            ids_.end())
        throw std::logic_error("SideStats entries must be one per node, in increasing node order");
}

std::optional<SideCounts> SideStats::find(NodeId id) const {
    const auto at = std::lower_bound(ids_.begin(), ids_.end(), id);
    if (at == ids_.end() || *at != id) return std::nullopt;
    const auto* entry = table_.data() + static_cast<std::size_t>(at - ids_.begin()) * stride(eras_);
    SideCounts counts;
    counts.players = entry[0];
    std::copy(entry + 1, entry + stride(eras_), counts.per_era.begin());
    return counts;
}

SideCounts SideStats::of(const Trie& trie, NodeId id) const {
    const TrieNode& node = trie.node(id);
    if (kept(node)) {
        return find(id).value_or(SideCounts{});
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
