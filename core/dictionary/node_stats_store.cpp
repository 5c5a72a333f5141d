#include "core/dictionary/node_stats_store.hpp"

#include <stdexcept>

namespace josekic::dictionary {

NodeStats NodeStatsStore::unpack(Handle handle) {
    NodeStats stats;
    if ((handle & kCountBit) == 0) return stats;
    stats.count = 1;
    stats.ends = (handle & kEndsBit) >> 1;
    stats.outcome_count(static_cast<LineOutcome>((handle >> kOutcomeShift) & 3)) = 1;
    stats.first_year = stats.last_year =
        static_cast<NodeStats::Year>(static_cast<std::uint16_t>(handle >> kYearShift));
    return stats;
}

std::optional<NodeStatsStore::Handle> NodeStatsStore::packed(const NodeStats& stats) {
    if (stats == NodeStats{}) return kEmpty;
    if (stats.count != 1 || stats.ends > 1 || stats.first_year != stats.last_year)
        return std::nullopt;
    std::optional<LineOutcome> outcome;  // the one outcome counted, once
    for (const LineOutcome o : kLineOutcomes) {
        const NodeStats::Counter lines = stats.outcome_count(o);
        if (lines == 0) continue;
        if (lines != 1 || outcome) return std::nullopt;
        outcome = o;
    }
    if (!outcome) return std::nullopt;
    return pack_one_line(*outcome, stats.first_year) | (stats.ends != 0 ? kEndsBit : 0);
}

void NodeStatsStore::set(Handle& handle, const NodeStats& stats) {
    if (is_stored(handle)) {
        stored_[handle & kIndexMask] = stats;
    } else if (const std::optional<Handle> fits = packed(stats)) {
        handle = *fits;
    } else {
        store(handle) = stats;
    }
}

void NodeStatsStore::record_slow(Handle& handle, LineOutcome outcome,
                                 std::optional<NodeStats::Year> year) {
    NodeStats& stats = is_stored(handle) ? stored_[handle & kIndexMask] : store(handle);
    stats.record(outcome, year);
}

void NodeStatsStore::record_end(Handle& handle) {
    if (!is_stored(handle) && (handle & kCountBit) != 0 && (handle & kEndsBit) == 0) {
        handle |= kEndsBit;
        return;
    }
    NodeStats& stats = is_stored(handle) ? stored_[handle & kIndexMask] : store(handle);
    stats.record_end();
}

NodeStats& NodeStatsStore::store(Handle& handle) {
    if (stored_.size() > kIndexMask)
        throw std::length_error("a trie cannot hold statistics for this many nodes");
    stored_.push_back(unpack(handle));
    handle = kStoredBit | static_cast<Handle>(stored_.size() - 1);
    return stored_[stored_.size() - 1];
}

}  // namespace josekic::dictionary
