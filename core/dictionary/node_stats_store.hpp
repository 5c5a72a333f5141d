#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/dictionary/block_vector.hpp"
#include "core/dictionary/node_stats.hpp"

namespace josekic::dictionary {

/// The statistics of every node of a trie, where a node holds a 4-byte handle instead of a
/// 28-byte NodeStats. Most nodes of a real dictionary are passed by one line only (a game's
/// own tail after it leaves the known lines), and such a node's statistics are one outcome,
/// one year and whether the line ends there: the handle holds them itself. Most of the other
/// nodes are passed by a few lines: their statistics take 10 bytes in a store of 8-bit
/// counters, and only those with a counter above 255 (or hand-edited years that do not
/// pack) a whole NodeStats. Decoding gives back exactly the NodeStats that was recorded or
/// set, so nothing downstream can tell the difference.
class NodeStatsStore {
  public:
    /// A node's statistics: packed in the handle, or the index of an entry in a store.
    using Handle = std::uint32_t;
    /// The handle of empty statistics (no line).
    static constexpr Handle kEmpty = 0;

    NodeStats get(Handle handle) const {
        if (!is_stored(handle)) return unpack(handle);
        return is_small(handle) ? unpack(small_[handle & kIndexMask]) : whole_[handle & kIndexMask];
    }
    NodeStats::Counter count(Handle handle) const {
        if (!is_stored(handle)) return handle & kCountBit;
        return is_small(handle) ? small_[handle & kIndexMask].count
                                : whole_[handle & kIndexMask].count;
    }
    NodeStats::Counter ends(Handle handle) const {
        if (!is_stored(handle)) return (handle & kEndsBit) >> 1;
        return is_small(handle) ? small_[handle & kIndexMask].ends
                                : whole_[handle & kIndexMask].ends;
    }

    /// Makes `handle` hold `stats`. A handle already in a store keeps its place there while
    /// the statistics fit it.
    void set(Handle& handle, const NodeStats& stats);
    /// NodeStats::record on the statistics of `handle`.
    void record(Handle& handle, LineOutcome outcome, std::optional<NodeStats::Year> year) {
        if (handle == kEmpty) {
            handle = pack_one_line(outcome, year.value_or(0));
        } else {
            record_slow(handle, outcome, year);
        }
    }
    /// NodeStats::record_end on the statistics of `handle`.
    void record_end(Handle& handle);

    /// How many statistics the stores hold (nodes whose statistics do not fit a handle).
    std::size_t stored() const { return small_.size() + whole_.size(); }
    /// How many of them are whole NodeStats.
    std::size_t stored_whole() const { return whole_.size(); }

  private:
    /// NodeStats in 8-bit counters.
    struct SmallStats {
        std::uint8_t count;
        std::uint8_t ends;
        std::array<std::uint8_t, kLineOutcomes.size()> lines;  ///< by LineOutcome
        NodeStats::Year first_year;
        NodeStats::Year last_year;
    };
    static_assert(sizeof(SmallStats) == 10);
    static constexpr std::uint8_t kSmallMax = 255;

    // A packed handle: bit 0 the count (0 or 1), bit 1 the ends (0 or 1), bits 2-3 the
    // outcome of the line, bits 4-19 its year as 16 bits (0: none). Bit 31 marks a handle
    // that indexes a store, bit 30 which one (set: the small one).
    static constexpr Handle kStoredBit = Handle{1} << 31;
    static constexpr Handle kSmallBit = Handle{1} << 30;
    static constexpr Handle kIndexMask = kSmallBit - 1;
    static constexpr Handle kCountBit = 1;
    static constexpr Handle kEndsBit = 2;
    static constexpr unsigned kOutcomeShift = 2;
    static constexpr unsigned kYearShift = 4;

    static bool is_stored(Handle handle) { return (handle & kStoredBit) != 0; }
    /// Of a stored handle (a packed one never has kSmallBit): whether it indexes small_.
    static bool is_small(Handle handle) { return (handle & kSmallBit) != 0; }
    static bool is_whole(Handle handle) {
        return (handle & (kStoredBit | kSmallBit)) == kStoredBit;
    }
    static Handle pack_one_line(LineOutcome outcome, NodeStats::Year year) {
        return kCountBit | static_cast<Handle>(outcome) << kOutcomeShift |
               Handle{static_cast<std::uint16_t>(year)} << kYearShift;
    }
    static NodeStats unpack(Handle handle);
    static NodeStats unpack(const SmallStats& small);
    /// The handle packing `stats`, if it fits one.
    static std::optional<Handle> packed(const NodeStats& stats);
    /// `stats` in 8-bit counters, if they fit.
    static std::optional<SmallStats> small(const NodeStats& stats);

    void record_slow(Handle& handle, LineOutcome outcome, std::optional<NodeStats::Year> year);
    /// Makes `handle`, packed or small, hold `stats`, in the smallest form they fit.
    void put(Handle& handle, const NodeStats& stats);
    /// A new entry of a store.
    Handle add_small(const SmallStats& stats);
    Handle add_whole(const NodeStats& stats);

    BlockVector<SmallStats> small_;
    BlockVector<NodeStats> whole_;
};

}  // namespace josekic::dictionary
