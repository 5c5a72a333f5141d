#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "bench/scale_corpus/opening_trie.hpp"
#include "bench/scale_corpus/random.hpp"
#include "bench/scale_corpus/source_pool.hpp"
#include "core/go/board.hpp"
#include "core/go/zobrist.hpp"

namespace josekic::bench {

/// How games are generated.
struct GeneratorOptions {
    std::uint64_t seed = 1;
    /// Moves of each game in the opening trie.
    std::size_t trie_depth = 30;
    /// The weight, in games, of leaving the trie at a node (see OpeningTrie::step): the
    /// larger, the earlier games leave the lines already played and the more new lines each
    /// game adds.
    double leave_weight = 0.5;
};

/// A generated game: its moves (alternating, Black first) and the real game whose
/// information it borrows.
struct GeneratedGame {
    std::vector<MoveCode> moves;
    std::size_t info_source = 0;  ///< index into the pool's games
};

/// Makes legal games that no game generated before them equals under josekic's duplicate
/// check. Each game walks the opening trie of all games so far by frequency,
/// leaves it where a new line starts (a real game's move at that move number, legal on the
/// board and new at that node), and goes on with that real game's moves to its end, skipping
/// those that are not legal here with their answers. The game then joins the trie. The same pool
/// and options give the same games.
class GameGenerator {
  public:
    /// `pool` must outlive the generator and hold at least one game.
    GameGenerator(const SourcePool& pool, const GeneratorOptions& options);

    /// The next game, or nothing when many attempts in a row gave only games already made
    /// (a pool far too small for the number of games asked).
    std::optional<GeneratedGame> next();

    /// Nodes of the opening trie (real and generated games).
    std::size_t trie_nodes() const { return trie_.size(); }

  private:
    /// One try at a game (the walk, the leave, the real game's moves); it may equal a game
    /// already made, or end in the opening when no line goes on.
    GeneratedGame attempt();
    /// Plays the move of the pool's game `source` at move number `index` when that game is
    /// that long, the move is legal on `board` and, when `node` is given, it is none of the
    /// node's children; says whether it did (the board is unchanged when not).
    bool play_from(std::size_t source, std::size_t index, go::Board& board,
                   std::optional<OpeningTrie::NodeId> node);
    /// Leaves the trie at the end of `path` (the nodes from the root, one per move played):
    /// plays the move at that move number of a real game from a line that left the path
    /// shortly before (a sibling of the nearest ancestors first), so that what follows
    /// fits the position, and returns that game. Nothing after a bounded number of draws.
    std::optional<std::size_t> play_from_nearby_line(std::size_t index, go::Board& board,
                                                     const std::vector<OpeningTrie::NodeId>& path);
    /// Plays the move at `index` of a real game drawn at random (see play_from()) and
    /// returns that game; nothing after a bounded number of draws.
    std::optional<std::size_t> play_from_random_source(std::size_t index, go::Board& board,
                                                       std::optional<OpeningTrie::NodeId> node);

    const SourcePool& pool_;
    GeneratorOptions options_;
    Random random_;
    OpeningTrie trie_;
    std::set<go::Hash128> made_;
};

}  // namespace josekic::bench
