#pragma once

// The budget's side of pruning: which min count keeps a dictionary within a number of nodes,
// and the cut copy of a dictionary at a min count. What fits a number of bytes depends on the
// text written, so compile::write_annotated_dictionary searches for it with these.

#include <cstdint>
#include <span>
#include <vector>

#include "core/dictionary/trie.hpp"

namespace josekic::prune {

/// One game tree of a file as the budget sees it: a trie and, for one file of a --split
/// dictionary, the root child it holds (kNoNode: every child).
struct BudgetTree {
    const dictionary::Trie* trie = nullptr;
    dictionary::NodeId only_first_move = dictionary::kNoNode;
};

/// The counts that decide what a min count keeps, for the trees of one file: a node stays
/// under min count m when it and every node above it were played at least m times (a
/// node's count never exceeds its parent's in a compiled trie; a hand-edited one may).
class KeptCounts {
  public:
    explicit KeptCounts(std::span<const BudgetTree> trees);

    /// Nodes a file keeps under min count `m`, roots included.
    std::uint64_t nodes_at(std::uint64_t m) const;
    /// The smallest min count >= `floor` that keeps at most `max_nodes` nodes; above every
    /// count (only the roots stay) when even that is too many.
    std::uint64_t min_count_for_nodes(std::uint64_t max_nodes, std::uint64_t floor) const;
    /// A min count above every count: only the roots stay.
    std::uint64_t roots_only() const { return highest_ + 1; }

  private:
    /// The non-root nodes whose count (the smallest on their path) is `count`, and how many
    /// have that count or a higher one.
    struct Level {
        std::uint32_t count;
        std::uint64_t nodes_at_or_above;
    };

    std::uint64_t roots_ = 0;
    std::uint64_t highest_ = 0;
    // One level per distinct count, highest first: a histogram, not a sorted copy of every
    // node's count (which at a million games was 100 MB and the sort of 26 million values).
    std::vector<Level> levels_;
};

/// The copy of `in` that keeps only the nodes a min count of `min_count` keeps (and below
/// the root only `only_first_move`, unless it is kNoNode), with their statistics unchanged:
/// the parents of cut lines still count them. min_count 1 copies everything.
dictionary::Trie cut_at_min_count(const dictionary::Trie& in, std::uint64_t min_count,
                                  dictionary::NodeId only_first_move = dictionary::kNoNode);

}  // namespace josekic::prune
