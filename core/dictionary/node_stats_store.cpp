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

NodeStats NodeStatsStore::unpack(const SmallStats& small) {
    NodeStats stats;
    stats.count = small.count;
    stats.ends = small.ends;
    for (const LineOutcome o : kLineOutcomes)
        stats.outcome_count(o) = small.lines[static_cast<std::size_t>(o)];
    stats.first_year = small.first_year;
    stats.last_year = small.last_year;
    return stats;
}

std::optional<NodeStatsStore::SmallStats> NodeStatsStore::small(const NodeStats& stats) {
    if (stats.count > kSmallMax || stats.ends > kSmallMax) return std::nullopt;
    SmallStats small{static_cast<std::uint8_t>(stats.count),
                     static_cast<std::uint8_t>(stats.ends),
                     {},
                     stats.first_year,
                     stats.last_year};
    for (const LineOutcome o : kLineOutcomes) {
        if (stats.outcome_count(o) > kSmallMax) return std::nullopt;
        small.lines[static_cast<std::size_t>(o)] =
            static_cast<std::uint8_t>(stats.outcome_count(o));
    }
    return small;
}

void NodeStatsStore::set(Handle& handle, const NodeStats& stats) {
    if (is_whole(handle)) {
        whole_[handle & kIndexMask] = stats;
    } else {
        put(handle, stats);
    }
}

void NodeStatsStore::put(Handle& handle, const NodeStats& stats) {
    const std::optional<SmallStats> fits_small = small(stats);
    if (is_stored(handle)) {  // small: it keeps its place while the statistics fit
        if (fits_small) {
            small_[handle & kIndexMask] = *fits_small;
        } else {
            handle = add_whole(stats);  // the small entry is left unused
        }
    } else if (const std::optional<Handle> fits = packed(stats)) {
        handle = *fits;
    } else {
        handle = fits_small ? add_small(*fits_small) : add_whole(stats);
    }
}

void NodeStatsStore::record_slow(Handle& handle, LineOutcome outcome,
                                 std::optional<NodeStats::Year> year) {
    if (is_whole(handle)) {
        whole_[handle & kIndexMask].record(outcome, year);
        return;
    }
    if (is_small(handle)) {
        // In place while the counters fit 8 bits, as NodeStats::record counts.
        SmallStats& small = small_[handle & kIndexMask];
        std::uint8_t& lines = small.lines[static_cast<std::size_t>(outcome)];
        if (small.count < kSmallMax && lines < kSmallMax) {
            ++small.count;
            ++lines;
            if (year) NodeStats::widen_years(small.first_year, small.last_year, *year);
            return;
        }
    }
    NodeStats stats = get(handle);
    stats.record(outcome, year);
    put(handle, stats);
}

void NodeStatsStore::record_end(Handle& handle) {
    if (!is_stored(handle) && (handle & kCountBit) != 0 && (handle & kEndsBit) == 0) {
        handle |= kEndsBit;
        return;
    }
    if (is_whole(handle)) {
        whole_[handle & kIndexMask].record_end();
        return;
    }
    if (is_small(handle) && small_[handle & kIndexMask].ends < kSmallMax) {
        ++small_[handle & kIndexMask].ends;
        return;
    }
    NodeStats stats = get(handle);
    stats.record_end();
    put(handle, stats);
}

NodeStatsStore::Handle NodeStatsStore::add_small(const SmallStats& stats) {
    if (small_.size() > kIndexMask)
        throw std::length_error("a trie cannot hold statistics for this many nodes");
    small_.push_back(SmallStats(stats));
    return kStoredBit | kSmallBit | static_cast<Handle>(small_.size() - 1);
}

NodeStatsStore::Handle NodeStatsStore::add_whole(const NodeStats& stats) {
    if (whole_.size() > kIndexMask)
        throw std::length_error("a trie cannot hold statistics for this many nodes");
    whole_.push_back(NodeStats(stats));
    return kStoredBit | static_cast<Handle>(whole_.size() - 1);
}

}  // namespace josekic::dictionary
