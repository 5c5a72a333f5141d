#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "core/go/move.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/position_keys.hpp"

namespace josekic::index {

/// The statistics of a node as its SGF comment has them (dictionary::NodeStats): stored
/// for nodes with many lines, added up from the lines for the others. With a `selection`,
/// added up from the lines of its games only: the node's statistics in a compile with its
/// filter (count 0 where that compile has no such node).
dictionary::NodeStats node_stats(const IndexFile& index, Tree tree, std::uint32_t node,
                                 const GameSelection* selection = nullptr);

/// The count of node_stats(), read faster where it is all a query needs (the parent's count
/// that a share divides by): a large node's from an earlier query's tally or count of
/// `selection`, else one pass over its lines, then kept by the selection for the next query.
std::uint32_t node_count(const IndexFile& index, Tree tree, std::uint32_t node,
                         const GameSelection* selection = nullptr);

/// The children of `node` in the dictionary's order.
std::vector<std::uint32_t> children(const TreeView& tree, std::uint32_t node);

/// The move that leads to `node` (not the root). Throws IndexError for a damaged code.
go::Move node_move(const TreeView& tree, std::uint32_t node);

/// How far a line of canonical moves gets in a tree.
struct Walk {
    std::vector<std::uint32_t> path;  ///< root first, then one node per move found
    /// The moves matched: path.size() - 1. Less than the line's length when the dictionary
    /// does not know the rest (the line left it at moves[matched]).
    std::size_t matched() const { return path.size() - 1; }
};

/// Follows `moves` from the root as far as the tree has them.
Walk walk(const TreeView& tree, std::span<const go::Move> moves);

/// The moves from the root to `node`, found by descending through the subtrees.
std::vector<go::Move> node_line(const TreeView& tree, std::uint32_t node);

/// A position over all the move orders that reach it.
struct PositionTotals {
    std::vector<std::uint32_t> nodes;  ///< the nodes (move orders) holding it
    dictionary::NodeStats stats;       ///< their statistics added up
    /// Nodes whose key matched but whose stones did not (a key collision), left out.
    std::size_t collisions = 0;
};

/// The nodes and totals of the position `position` reached (empty when no node has it): the
/// nodes with its key, each replayed and kept only if its stones are the same, and of the
/// games of `selection` when given (a node none of them reaches is left out).
PositionTotals position_totals(const IndexFile& index, Tree tree, const PositionKeyer& position,
                               const GameSelection* selection = nullptr);

/// A game a node's lines come from, with its line there (of several, the one whose first
/// stone came first).
struct GameAt {
    std::uint32_t game = 0;
    LineRecord line;
};

/// The `limit` most recent distinct games of the lines through `node` (most recent first:
/// the index numbers games in that order), of `selection` when given.
std::vector<GameAt> recent_games(const TreeView& tree, std::uint32_t node, std::size_t limit,
                                 const GameSelection* selection = nullptr);

}  // namespace josekic::index
