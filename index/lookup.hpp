#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "core/go/move.hpp"
#include "index/index_reader.hpp"
#include "index/query.hpp"
#include "index/query_moves.hpp"

namespace josekic::index {

/// A continuation of the node looked up.
struct ContinuationFacts {
    go::Move move;            ///< in the query's corner, orientation and colours
    go::Move canonical_move;  ///< as the dictionary writes it
    std::uint32_t node = 0;
    dictionary::NodeStats stats;
};

/// A game in which the node's position occurs.
struct GameFacts {
    IndexedGame game;
    /// The game's move number of the node's move: the position arose after it. For a
    /// tenuki, the other side's move elsewhere right after the previous one.
    std::uint32_t move_number = 0;
    std::uint32_t id = 0;  ///< the game's id in the index (IndexFile::game)
};

/// What `lookup` found for one line.
struct LookupResult {
    Tree tree = Tree::Joseki;
    QueryLine query;
    /// The node reached by the whole line; nullopt when the line left the dictionary.
    std::optional<std::uint32_t> node;
    /// The moves of the line the dictionary knows (all of them when `node` is set).
    std::size_t matched = 0;
    /// The last node reached (`node`, or where the line left the dictionary).
    std::uint32_t last_known = 0;
    dictionary::NodeStats stats;     ///< of `node`; empty (count 0) when not found
    std::uint64_t parent_count = 0;  ///< count of the node's parent (0 for the root)
    PositionTotals position;         ///< the line's final position over all move orders
    std::vector<ContinuationFacts> continuations;  ///< of last_known, in the dictionary's order
    /// The count of last_known, which the continuations' shares are of (the lines that end
    /// there count in it, as in the SGF comments).
    std::uint64_t last_known_count = 0;
    std::vector<GameFacts> games;  ///< most recent first
    /// Counted over the games a filter selects: a line "not found" is one none of them plays,
    /// which the dictionary may still hold.
    bool filtered = false;
    /// Not found only because of the filters: the dictionary holds the whole line, and no game
    /// that passes them plays it.
    bool filtered_out = false;
};

/// The player whose wins a line's statistics count, named in the query's colours: "Black" for
/// a whole-board opening, "Black (first in the corner)" or, when White played first in the
/// query's corner, "White (first in the corner)" for a joseki line (the dictionary writes
/// every corner with Black first).
std::string first_player_name(Tree tree, const QueryLine& query);

/// Looks `query` up in one tree of `index`: follows its canonical moves (of a line in an
/// overlap, those of the view the dictionary follows furthest, then the one played most; the
/// result's query is that view), then gathers the statistics, the position's totals, the
/// continuations and the `games` most recent games. With a `selection`, all of them come from its
/// games alone, as a compile of only those games would give them (nodes they do not reach are left
/// out, continuations reordered). Throws IndexError for a damaged index.
LookupResult lookup(const IndexFile& index, Tree tree, const QueryLine& query, std::size_t games,
                    const GameSelection* selection = nullptr);

}  // namespace josekic::index
