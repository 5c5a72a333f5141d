#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/dictionary/block_vector.hpp"
#include "core/dictionary/chain_links.hpp"
#include "core/dictionary/game_list_pool.hpp"
#include "core/dictionary/game_table.hpp"
#include "core/dictionary/node_stats.hpp"
#include "core/dictionary/node_stats_store.hpp"
#include "core/go/move.hpp"

namespace josekic::dictionary {

/// Index of a node in a Trie. The root is kRoot; kNoNode marks a missing link.
using NodeId = std::uint32_t;
inline constexpr NodeId kRoot = 0;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

/// A node: the move that leads to it from its parent, its statistics, its children (a
/// linked list in insertion order; sorted_children() gives the output order) and, where
/// lines end, the first few games in GameTable::listed_before() order (kept by the Trie: see
/// Trie::listed_games()). Trie::node() gives a copy: the trie stores nodes packed.
struct TrieNode {
    go::Move move;  ///< meaningless for the root
    NodeId parent = kNoNode;
    NodeId first_child = kNoNode;
    NodeId next_sibling = kNoNode;
    NodeStats stats;
    /// The node's listed games in its own Trie's pool; read them with Trie::listed_games().
    GameListId listed = kNoList;
};

/// The fixed tie-break key of a move: points in (x, y) order, a pass after every point,
/// Black before White.
constexpr int move_order_key(const go::Move& move) {
    const int where = move.point ? move.point->x * go::kBoardSize + move.point->y : go::kNumPoints;
    return where * 2 + static_cast<int>(move.color);
}
/// The move whose move_order_key is `key`.
constexpr go::Move move_from_order_key(int key) {
    const auto color = static_cast<go::Color>(key & 1);
    const int where = key >> 1;
    if (where == go::kNumPoints) return go::Move::pass(color);
    return go::Move::at(color, go::Point{static_cast<std::uint8_t>(where / go::kBoardSize),
                                         static_cast<std::uint8_t>(where % go::kBoardSize)});
}

struct TrieOptions {
    /// How many games a terminal node keeps for listing; stats.ends says how many there were.
    std::size_t games_kept_per_terminal = 12;
};

/// A frequency trie of move sequences (joseki or fuseki lines). Output order never
/// depends on insertion order: children are sorted on demand by count and a fixed key,
/// and the listed games of a node are the first ones under a total order.
class Trie {
  public:
    explicit Trie(std::shared_ptr<GameTable> games, TrieOptions options = {});

    /// Adds one line. Every node on the path (root included) counts it; the last node
    /// records that the line ends there and, if `game` is given, lists it. Returns that node.
    NodeId insert(std::span<const go::Move> line, LineOutcome outcome, std::optional<int> year,
                  std::optional<GameId> game);

    /// The child of `parent` reached by `move`, or kNoNode. Without the child index
    /// (release_child_index) it walks the sibling list.
    NodeId find_child(NodeId parent, const go::Move& move) const;
    /// Frees the child index once no more lines are inserted:
    /// find_child then walks sibling lists, and the next insertion rebuilds the index.
    void release_child_index();
    /// The child of `parent` reached by `move`, created (with empty statistics) if absent.
    NodeId find_or_add_child(NodeId parent, const go::Move& move);
    /// A node with the key of its path from the root, which is what finding its children
    /// needs: a walk down from the root (a tree added node for node) finds or adds each child
    /// from its parent's step, where find_or_add_child(NodeId, Move) walks back up for it.
    struct PathStep {
        NodeId node;
        std::uint64_t key;
    };
    static PathStep root_step();
    /// find_or_add_child(parent.node, move), as the child's step.
    PathStep find_or_add_child(const PathStep& parent, const go::Move& move);
    /// Adds a child of `parent` reached by `move`, which `parent` must not have yet (a copy of
    /// another trie's children), with empty statistics: no look-up, and no child index (it is
    /// released; find_child walks sibling lists). Like find_or_add_child it goes first in the
    /// sibling list.
    NodeId add_child(NodeId parent, const go::Move& move);
    /// Lists `game` at `node` if it is among the first games_kept_per_terminal.
    void list_game(NodeId node, GameId game);
    /// The games listed at `node`, in listing order. Valid until the trie's listed games
    /// next change (list_game, append_listed_game, set_listed_games).
    std::span<const GameId> listed_games(NodeId node) const {
        return listed_.games(nodes_[node].listed);
    }
    /// Lists `game` at `node` after the games already there, whatever the order and count
    /// (for a dictionary read back, which lists its games in the order written).
    void append_listed_game(NodeId node, GameId game);
    /// Makes `games` the games listed at `node` (for a trie copied from another).
    void set_listed_games(NodeId node, std::span<const GameId> games);

    /// Children in output order (comes_first_in_output).
    std::vector<NodeId> sorted_children(NodeId parent) const;
    /// The same into `children`, replacing what it held: a walk over every node reuses one
    /// buffer (most nodes have one child or none).
    void sorted_children(NodeId parent, std::vector<NodeId>& children) const;
    /// The moves from the root to `node`.
    std::vector<go::Move> path_to(NodeId node) const;

    /// The node `id`, its statistics unpacked: a copy, const so that an assignment to it
    /// fails to compile instead of changing nothing (changes go through set_stats).
    const TrieNode node(NodeId id) const {
        const StoredNode& n = nodes_[id];
        return TrieNode{move(id),         links_.parent(id),   n.first_child,
                        next_sibling(id), stats_.get(n.stats), n.listed};
    }
    NodeStats stats(NodeId id) const { return stats_.get(nodes_[id].stats); }
    /// stats(id).count, without unpacking the rest.
    NodeStats::Counter count(NodeId id) const { return stats_.count(nodes_[id].stats); }
    /// stats(id).ends, without unpacking the rest.
    NodeStats::Counter ends(NodeId id) const { return stats_.ends(nodes_[id].stats); }
    NodeId parent(NodeId id) const { return links_.parent(id); }
    NodeId first_child(NodeId id) const { return nodes_[id].first_child; }
    NodeId next_sibling(NodeId id) const { return links_.next_sibling(id); }
    go::Move move(NodeId id) const { return move_from_order_key(nodes_[id].move_key); }
    /// move_order_key(move(id)), without unpacking the move.
    int move_key(NodeId id) const { return nodes_[id].move_key; }
    /// Replaces the statistics of `id` (for a trie copied or read back).
    void set_stats(NodeId id, const NodeStats& stats) { stats_.set(nodes_[id].stats, stats); }
    std::size_t size() const { return nodes_.size(); }
    /// Nodes where at least one line ends.
    std::size_t terminal_count() const;

    const GameTable& games() const { return *games_; }
    const std::shared_ptr<GameTable>& shared_games() const { return games_; }
    const TrieOptions& options() const { return options_; }

  private:
    /// A node as stored: TrieNode with its move as its move_order_key, its statistics packed
    /// (NodeStatsStore; most nodes of a large dictionary are passed by one line) and its
    /// parent and next sibling in links_ (most nodes are the next move of a chain, whose
    /// links are implied).
    struct StoredNode {
        std::uint16_t move_key = move_order_key(go::Move{});  // the root's: meaningless
        /// Whether the node has two or more children, which are then in the child index:
        /// known without a look at the first child's links.
        bool several_children = false;
        NodeId first_child = kNoNode;
        GameListId listed = kNoList;
        NodeStatsStore::Handle stats = NodeStatsStore::kEmpty;
    };
    // Every node of a dictionary is stored (millions at scale): this is the trie's memory.
    static_assert(sizeof(StoredNode) == 16);

    /// One entry of the child index: the high half of a node's path key and its id. 8 bytes
    /// rather than a whole key's 16 halves the index. The top bits of the key choose the
    /// slot, so the tag alone places an entry again when the index grows.
    struct IndexSlot {
        std::uint32_t key_tag = 0;
        NodeId node = kNoNode;  ///< kNoNode: a free slot

        static std::uint32_t tag_of(std::uint64_t key) {
            return static_cast<std::uint32_t>(key >> 32);
        }
    };

    /// The slot where the search for `tag` starts.
    std::size_t home_slot(std::uint32_t tag) const { return tag >> index_tag_shift_; }
    /// The slot of the child of `parent` (whose path key is `key`) reached by `move`: the
    /// one holding it, or the free one where it belongs.
    std::size_t index_slot(std::uint64_t key, NodeId parent, int move_key) const;
    /// Finds or adds the child reached by `move` of `parent`, whose path key is
    /// `parent_key`, given the child's path key `key` (computed ahead by insert()). The index
    /// must already have room for two more entries: callers reserve it first.
    NodeId find_or_add_child(NodeId parent, std::uint64_t parent_key, const go::Move& move,
                             std::uint64_t key);
    /// A new node, first in `parent`'s sibling list; the child index is the caller's care.
    NodeId append_child(NodeId parent, const go::Move& move);
    /// Whether the children of `parent` are in the child index: it has two or more.
    bool children_indexed(NodeId parent) const { return nodes_[parent].several_children; }
    /// Adds `node`, whose path key is `key`, to the child index (which has room for it).
    void index_add(std::uint64_t key, NodeId node);
    /// Makes room in the child index for `more` entries: grows it, or builds it again from
    /// the nodes once released.
    void reserve_index(std::size_t more);
    /// An empty child index of `size` slots (a power of two).
    void reset_index(std::size_t size);
    /// Puts an entry into the slot its tag chooses, or the next free one after it.
    void place(IndexSlot entry);
    /// The child index's key of `node`: a hash of the moves from the root, computed by a walk
    /// up (nodes do not store it: a trie holds millions of nodes and the index is transient).
    std::uint64_t path_key(NodeId node) const;

    std::shared_ptr<GameTable> games_;
    TrieOptions options_;
    BlockVector<StoredNode> nodes_;  // node ids are indices; nodes never move as the trie grows
    ChainLinks links_;               // the parent and next sibling of every node
    NodeStatsStore stats_;           // the statistics of every node
    GameListPool listed_;            // the listed games of every node
    // An open-addressing hash index child -> id, keyed by the hash of the child's whole path
    // rather than by (parent id, move): insert() can then compute every key of a line before
    // the walk and prefetch their slots, instead of taking one cache miss after another (the
    // merge of a compile is mostly such misses). A slot's tag match is confirmed against the
    // node's parent and move, so a hash collision never merges two lines. The size is a
    // power of two, at most half full.
    //
    // Only the children of nodes with two or more are in it: a node with one child reaches
    // it through first_child. Most nodes of a large dictionary are the one child of a node
    // that one line passes, so this keeps the index a fraction of the nodes.
    std::vector<IndexSlot> index_;
    std::size_t index_used_ = 0;
    unsigned index_tag_shift_ = 32;  // 32 - log2(index_.size())
};

/// The output order of siblings, on which byte-identical output depends: count descending,
/// then by move_order_key (given as counts and moves or move keys, for the counts a filtered
/// lookup makes and the keys a trie stores). Every walk that writes or numbers children in
/// output order (the writer, DictionaryGraph, Trie::sorted_children) sorts with this and
/// nothing else.
inline bool comes_first_in_output(std::uint64_t count_a, int move_key_a, std::uint64_t count_b,
                                  int move_key_b) {
    if (count_a != count_b) return count_a > count_b;
    return move_key_a < move_key_b;
}
inline bool comes_first_in_output(std::uint64_t count_a, const go::Move& move_a,
                                  std::uint64_t count_b, const go::Move& move_b) {
    return comes_first_in_output(count_a, move_order_key(move_a), count_b, move_order_key(move_b));
}
inline bool comes_first_in_output(const TrieNode& a, const TrieNode& b) {
    return comes_first_in_output(a.stats.count, a.move, b.stats.count, b.move);
}

/// Sorts `siblings` (children of one node of `trie`) into output order (comes_first_in_output).
inline void sort_in_output_order(const Trie& trie, std::span<NodeId> siblings) {
    std::sort(siblings.begin(), siblings.end(), [&trie](NodeId a, NodeId b) {
        return comes_first_in_output(trie.count(a), trie.move_key(a), trie.count(b),
                                     trie.move_key(b));
    });
}

}  // namespace josekic::dictionary
