#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/dictionary/eras.hpp"
#include "core/dictionary/trie.hpp"

namespace josekic::dictionary {

/// What a node's games say beyond NodeStats: its lines per era and the distinct players who
/// chose its move.
struct SideCounts {
    /// Lines through the node per era (dated games only), eras().count() of them used.
    std::array<NodeStats::Counter, Eras::kMaxEras> per_era{};
    /// Distinct players who played the node's move (the player to move at its parent); a
    /// game without that player's name counts as a player of its own.
    NodeStats::Counter players = 0;
    friend bool operator==(const SideCounts&, const SideCounts&) = default;
};

/// The SideCounts of a trie's nodes, kept beside the trie rather than in its nodes: only
/// nodes that two or more lines pass through have an entry (a fifth of a large trie).
/// A node of one line needs none: its one player, and its era is that of its year
/// (NodeStats::first_year). Entries are added in increasing node order, and hold only the
/// eras there are (most dictionaries have two, of the kMaxEras a SideCounts has room for).
class SideStats {
  public:
    SideStats() = default;
    explicit SideStats(Eras eras) : eras_(std::move(eras)) {}
    /// Counters an entry takes in a flat table: its players, then its lines per era.
    static std::size_t stride(const Eras& eras) { return eras.count() + 1; }
    /// The entries of nodes `ids`, taken whole rather than added one by one (a large trie has
    /// millions): `table` holds stride(eras) counters for each, in the order of `ids`. Throws
    /// std::logic_error unless `ids` increase and the sizes match.
    SideStats(Eras eras, std::vector<NodeId> ids, std::vector<NodeStats::Counter> table);

    const Eras& eras() const { return eras_; }
    /// Whether a node needs an entry: two or more lines (`count`) pass through it.
    static bool kept(NodeStats::Counter count) { return count >= 2; }
    static bool kept(const TrieNode& node) { return kept(node.stats.count); }
    static bool kept(const Trie& trie, NodeId id) { return kept(trie.count(id)); }
    /// Whether `id` may be added: it is greater than every id added before.
    bool accepts(NodeId id) const { return ids_.empty() || id > ids_.back(); }
    /// Adds the entry of `id`, which must be greater than every id added before. Counts of
    /// eras beyond eras().count() are not kept.
    void add(NodeId id, const SideCounts& counts);
    /// The counts of node `id` of `trie` (the trie these entries describe): its entry, or
    /// what its one line says, or zeros for an entry that is missing (damaged input).
    SideCounts of(const Trie& trie, NodeId id) const;
    /// The entries of `copy`, a copy of part of `original` (the trie these entries describe)
    /// whose nodes carry the same statistics: the same counts under the copy's node ids.
    SideStats for_copy(const Trie& original, const Trie& copy) const;
    /// The entry of `id`, if it has one.
    std::optional<SideCounts> find(NodeId id) const;
    std::size_t size() const { return ids_.size(); }
    /// The nodes with an entry, in increasing order.
    std::span<const NodeId> ids() const { return ids_; }

  private:
    Eras eras_;
    std::vector<NodeId> ids_;                // increasing
    std::vector<NodeStats::Counter> table_;  // stride(eras_) counters per entry of ids_
};

}  // namespace josekic::dictionary
