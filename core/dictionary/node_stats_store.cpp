#include "core/dictionary/node_stats_store.hpp"

#include <stdexcept>

namespace josekic::dictionary {

NodeStats NodeStatsStore::unpack(Handle handle) {
    NodeStats stats;
    if ((handle & kCountBit) == 0) return stats;
    stats.count = 1;
    stats.ends = (handle & kEndsBit) >> 1;
    switch (static_cast<LineOutcome>((handle >> kOutcomeShift) & 3)) {
        case LineOutcome::FirstPlayerWon:
            stats.first_player_wins = 1;
            break;
        case LineOutcome::SecondPlayerWon:
            stats.second_player_wins = 1;
            break;
        case LineOutcome::Draw:
            stats.draws = 1;
            break;
        case LineOutcome::Unknown:
            stats.unknown = 1;
            break;
    }
    stats.first_year = stats.last_year =
        static_cast<NodeStats::Year>(static_cast<std::uint16_t>(handle >> kYearShift));
    return stats;
}

std::optional<NodeStatsStore::Handle> NodeStatsStore::packed(const NodeStats& stats) {
    if (stats == NodeStats{}) return kEmpty;
    if (stats.count != 1 || stats.ends > 1 || stats.first_year != stats.last_year)
        return std::nullopt;
    const NodeStats::Counter outcomes[] = {stats.first_player_wins, stats.second_player_wins,
                                           stats.draws, stats.unknown};
    std::optional<LineOutcome> outcome;
    for (int i = 0; i < 4; ++i) {
        if (outcomes[i] == 0) continue;
        if (outcomes[i] != 1 || outcome) return std::nullopt;
        outcome = static_cast<LineOutcome>(i);
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
