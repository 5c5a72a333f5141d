#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include "core/dictionary/position_index.hpp"
#include "core/dictionary/transpositions.hpp"
#include "core/dictionary/trie.hpp"
#include "core/go/move.hpp"
#include "core/go/symmetry.hpp"
#include "core/go/zobrist.hpp"

namespace josekic::dictionary {

/// The dictionary's tree as a Boost graph: vertex i is trie node i (vertex descriptors are
/// NodeIds), and each vertex's out-edges lead to its children in output order
/// (sorted_children), so a depth-first walk visits lines in the order the writer emits
/// them. Compressed sparse rows: two flat arrays, built once, never changed; this is the one
/// store of the sorted children, which the walks below read too.
using DictionaryTree =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                       boost::no_property, NodeId, std::uint32_t>;

/// Whether equal 128-bit keys are checked against the stones themselves.
enum class VerifyPositions : std::uint8_t { Yes, No };

struct DictionaryGraphOptions {
    /// Key tables (tests forge them to provoke collisions).
    const PositionKeyTables* tables = &kDefaultPositionKeys;
    /// Verify equal keys by replaying both lines and comparing stones (costs a replay per
    /// node that has a transposition; the root and single nodes cost nothing).
    VerifyPositions verify = VerifyPositions::Yes;
    /// Nodes that take part in transposition classes; empty means every node but the root.
    /// Pass a predicate to leave out pruned nodes.
    std::function<bool(NodeId)> in_dictionary;
};

/// The transposition facts of one node, for its comment.
struct TranspositionSummary {
    /// Other nodes (move orders) reaching the same position up to symmetry; 0 means none.
    std::size_t other_orders = 0;
    /// Sum of stats.count over those other nodes.
    std::uint64_t other_games = 0;
    /// Sum of stats.count over the whole class, this node included.
    std::uint64_t class_games = 0;
    /// The most frequent other node (ties: the smaller path by move_order_key), or kNoNode.
    NodeId most_frequent_other = kNoNode;
    /// Its moves from the root, mapped into this node's frame (so that they reach exactly
    /// this node's stones on the board as shown).
    std::vector<go::Move> most_frequent_other_path;
};

/// The transposition facts of one node without the moves of the other order: what a
/// comment writer needs to write them itself (see TranspositionSummary for the counts).
struct TranspositionFacts {
    std::size_t other_orders = 0;          ///< 0: no transposition (the rest stays unset)
    std::uint64_t other_games = 0;         ///< as in TranspositionSummary
    std::uint64_t class_games = 0;         ///< as in TranspositionSummary
    NodeId most_frequent_other = kNoNode;  ///< as in TranspositionSummary
    /// Maps the moves of most_frequent_other's line into this node's frame.
    go::Symmetry to_here = go::Symmetry::Identity;
};

/// A trie with the position of every node and its transposition classes, held as a Boost
/// graph. Building it sorts every node's children once, walks the tree once (one
/// PositionTracker per depth, so no line is replayed from the root), groups nodes by
/// canonical 128-bit key, verifies equal keys against the stones (a second walk, only down
/// to the nodes whose key is shared), and links each class. The trie must outlive the graph
/// and must not change while the graph is used.
class DictionaryGraph {
  public:
    explicit DictionaryGraph(const Trie& trie, const DictionaryGraphOptions& options = {});

    /// The tree, children in output order (Boost.Graph's IncidenceGraph and more).
    const DictionaryTree& tree() const { return tree_; }
    const Trie& trie() const { return *trie_; }
    /// The children of a node in output order: Trie::sorted_children, computed once.
    std::span<const NodeId> sorted_children(NodeId node) const {
        const auto [first, last] = boost::adjacent_vertices(node, tree_);
        return {first, last};
    }

    /// The canonical 128-bit key of a node's position (stones and player to move, smallest
    /// of the 8 symmetric images).
    go::Hash128 position_key(NodeId node) const { return keys_[node].key; }
    /// A symmetry mapping the node's position onto its canonical image.
    go::Symmetry canonical_symmetry(NodeId node) const { return symmetries_[node]; }

    /// Number of transposition classes (classes of two or more nodes).
    std::size_t class_count() const { return class_games_.size(); }
    /// Members of a class in output order: count descending, then path by move_order_key.
    std::span<const NodeId> class_members(std::size_t class_index) const {
        return {class_members_.data() + class_begin_[class_index],
                class_begin_[class_index + 1] - class_begin_[class_index]};
    }
    /// The class of a node, if it has transpositions.
    std::optional<std::size_t> class_of(NodeId node) const {
        // The bit first: most nodes have no class, and the writer asks for every node in
        // tree order, where class_index_ (4 bytes a node) would miss the cache each time.
        if (!has_transpositions(node)) return std::nullopt;
        return class_index_[node];
    }
    /// Whether the node's position is reached by another move order too (class_of without
    /// the class: one bit).
    bool has_transpositions(NodeId node) const {
        return node < class_index_.size() && ((has_class_[node / 64] >> (node % 64)) & 1) != 0;
    }
    /// A node's transposition facts with the other order's moves (the writer takes
    /// transposition_facts() and writes the moves itself).
    TranspositionSummary transpositions_of(NodeId node) const;
    /// transpositions_of without the path (its moves are the trie's, mapped by to_here):
    /// for comment writers that write the path themselves.
    TranspositionFacts transposition_facts(NodeId node) const;

    /// Moves that were illegal when a line was replayed on its own board (see ReplayStep).
    std::size_t forced_moves() const { return forced_moves_; }
    /// Equal keys whose stones differed (split, not merged). 0 with the real tables.
    std::size_t key_collisions() const { return key_collisions_; }

  private:
    const Trie* trie_;
    DictionaryTree tree_;
    std::vector<KeyedNode> keys_;  // keys_[v].node == v: the grouping reads it as it is
    std::vector<go::Symmetry> symmetries_;
    std::vector<NodeId> class_members_;  // class i: [class_begin_[i], class_begin_[i + 1])
    std::vector<std::size_t> class_begin_{0};
    std::vector<std::uint32_t> class_index_;  // per node; kNoClass when alone
    std::vector<std::uint64_t> has_class_;    // bit v: class_index_[v] != kNoClass
    std::vector<std::uint64_t> class_games_;  // per class: sum of its members' counts
    std::size_t forced_moves_ = 0;
    std::size_t key_collisions_ = 0;
};

/// A line as text for reports and tests: "B[pd] W[qc] B[tenuki]", a pass written as
/// `pass_word` (emit::pass_text() gives the dictionaries' word; empty: "B[]").
std::string format_line(std::span<const go::Move> line, std::string_view pass_word = {});

}  // namespace josekic::dictionary
