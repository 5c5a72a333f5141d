#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bench/scale_corpus/random.hpp"
#include "bench/scale_corpus/source_pool.hpp"

namespace josekic::bench {

/// The first moves of every game seen so far (real and generated), as a tree of raw moves
/// with the number of games through each node. Generated games walk it by frequency and
/// leave it where a new line starts, so that popular openings stay popular and the chance
/// of a new line falls as a line is played more: the way a real collection grows.
class OpeningTrie {
  public:
    /// An index into the trie's nodes; the root is 0.
    using NodeId = std::uint32_t;

    /// `depth`: moves of each game kept (at least 1).
    explicit OpeningTrie(std::size_t depth);

    /// Adds the first depth() moves of a game whose moves go on as the pool's game `line`
    /// does (the game itself, or the real game a generated one continues).
    void insert(std::span<const MoveCode> moves, std::uint32_t line);

    /// Moves kept per game.
    std::size_t depth() const { return depth_; }
    /// Nodes in the trie, the root included.
    std::size_t size() const { return nodes_.size(); }

    /// Games through a node.
    std::uint32_t count(NodeId node) const { return nodes_[node].count; }
    /// The move that leads to a node (meaningless for the root).
    MoveCode move(NodeId node) const { return nodes_[node].move; }
    /// The real game whose moves go on from a node: the first game that reached it, or the
    /// real game the first generated game that reached it continued.
    std::uint32_t line(NodeId node) const { return nodes_[node].line; }
    /// The child of `node` reached by `move`, or 0 when there is none.
    NodeId child(NodeId node, MoveCode move) const;

    /// One step of a walk at `node`: a child drawn in proportion to the games through it,
    /// or 0 (leave the trie here) with weight `leave_weight` plus the games that ended at
    /// `node`. `leave_weight` is in games.
    NodeId step(NodeId node, double leave_weight, Random& random) const;

    /// A child of `node` other than `excluded`, drawn in proportion to the games through
    /// it; 0 when there is none.
    NodeId other_child(NodeId node, NodeId excluded, Random& random) const;

  private:
    struct Node {
        NodeId first_child = 0;
        NodeId next_sibling = 0;
        std::uint32_t count = 0;
        std::uint32_t line = 0;
        MoveCode move = 0;
    };
    std::size_t depth_;
    std::vector<Node> nodes_;
};

}  // namespace josekic::bench
