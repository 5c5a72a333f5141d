#pragma once

#include <cstdint>
#include <optional>

#include "core/dictionary/block_vector.hpp"
#include "core/dictionary/node_stats.hpp"

namespace josekic::dictionary {

/// The statistics of every node of a trie, where a node holds a 4-byte handle instead of a
/// 28-byte NodeStats. Most nodes of a real dictionary are passed by one line only (a game's
/// own tail after it leaves the known lines), and such a node's statistics are one outcome,
/// one year and whether the line ends there: the handle holds them itself. Only statistics
/// that do not fit (two lines or more, or numbers read back from a hand-edited file) take a
/// NodeStats in the store. Decoding gives back exactly the NodeStats that was recorded or
/// set, so nothing downstream can tell the difference.
class NodeStatsStore {
  public:
    /// A node's statistics: packed in the handle, or the index of a NodeStats in the store.
    using Handle = std::uint32_t;
    /// The handle of empty statistics (no line).
    static constexpr Handle kEmpty = 0;

    NodeStats get(Handle handle) const {
        return is_stored(handle) ? stored_[handle & kIndexMask] : unpack(handle);
    }
    NodeStats::Counter count(Handle handle) const {
        return is_stored(handle) ? stored_[handle & kIndexMask].count : (handle & kCountBit);
    }
    NodeStats::Counter ends(Handle handle) const {
        return is_stored(handle) ? stored_[handle & kIndexMask].ends : (handle & kEndsBit) >> 1;
    }

    /// Makes `handle` hold `stats`. A handle already in the store keeps its place there.
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

    /// How many NodeStats the store holds (nodes whose statistics do not fit a handle).
    std::size_t stored() const { return stored_.size(); }

  private:
    // A packed handle: bit 0 the count (0 or 1), bit 1 the ends (0 or 1), bits 2-3 the
    // outcome of the line, bits 4-19 its year as 16 bits (0: none). Bit 31 marks a handle
    // that indexes the store.
    static constexpr Handle kStoredBit = Handle{1} << 31;
    static constexpr Handle kIndexMask = kStoredBit - 1;
    static constexpr Handle kCountBit = 1;
    static constexpr Handle kEndsBit = 2;
    static constexpr unsigned kOutcomeShift = 2;
    static constexpr unsigned kYearShift = 4;

    static bool is_stored(Handle handle) { return (handle & kStoredBit) != 0; }
    static Handle pack_one_line(LineOutcome outcome, NodeStats::Year year) {
        return kCountBit | static_cast<Handle>(outcome) << kOutcomeShift |
               Handle{static_cast<std::uint16_t>(year)} << kYearShift;
    }
    static NodeStats unpack(Handle handle);
    /// The handle packing `stats`, if it fits one.
    static std::optional<Handle> packed(const NodeStats& stats);

    void record_slow(Handle& handle, LineOutcome outcome, std::optional<NodeStats::Year> year);
    /// Moves the packed statistics of `handle` into the store.
    NodeStats& store(Handle& handle);

    BlockVector<NodeStats> stored_;
};

}  // namespace josekic::dictionary
