#include "bench/scale_corpus/game_generator.hpp"

#include "compiler/pipeline/fingerprint.hpp"
#include "core/game/game_record.hpp"

namespace josekic::bench {

namespace {

// Draws of a real game before giving up on a continuation: enough that a move number most
// games reach finds a legal move, few enough that a hopeless one costs little.
constexpr int kSourceDraws = 32;
// Draws among the lines that left the path at one ancestor before trying the next one up.
constexpr int kDrawsPerAncestor = 4;
// Attempts at a game before deciding the pool cannot make more distinct ones.
constexpr int kAttempts = 1000;

go::Hash128 duplicate_key(const std::vector<MoveCode>& moves) {
    game::GameRecord record;
    record.moves.reserve(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) record.moves.push_back(move_of(moves[i], i));
    return pipeline::fingerprint(record).key;
}

}  // namespace

GameGenerator::GameGenerator(const SourcePool& pool, const GeneratorOptions& options)
    : pool_(pool), options_(options), random_(options.seed), trie_(options.trie_depth) {
    for (std::size_t i = 0; i < pool_.games.size(); ++i)
        trie_.insert(pool_.games[i].moves, static_cast<std::uint32_t>(i));
}

bool GameGenerator::play_from(std::size_t source, std::size_t index, go::Board& board,
                              std::optional<OpeningTrie::NodeId> node) {
    const auto& moves = pool_.games[source].moves;
    if (moves.size() <= index) return false;
    if (node && trie_.child(*node, moves[index]) != 0) return false;
    return board.play(move_of(moves[index], index)) == go::MoveVerdict::Legal;
}

std::optional<std::size_t> GameGenerator::play_from_nearby_line(
    std::size_t index, go::Board& board, const std::vector<OpeningTrie::NodeId>& path) {
    int draws = 0;
    for (std::size_t up = 1; up <= index && draws < kSourceDraws; ++up) {
        const OpeningTrie::NodeId ancestor = path[index - up];
        const OpeningTrie::NodeId own = path[index - up + 1];
        for (int tries = 0; tries < kDrawsPerAncestor && draws < kSourceDraws; ++tries, ++draws) {
            const OpeningTrie::NodeId sibling = trie_.other_child(ancestor, own, random_);
            if (sibling == 0) break;
            const std::size_t source = trie_.line(sibling);
            if (play_from(source, index, board, path.back())) return source;
        }
    }
    return std::nullopt;
}

std::optional<std::size_t> GameGenerator::play_from_random_source(
    std::size_t index, go::Board& board, std::optional<OpeningTrie::NodeId> node) {
    for (int draw = 0; draw < kSourceDraws; ++draw) {
        const auto source = static_cast<std::size_t>(random_.below(pool_.games.size()));
        if (play_from(source, index, board, node)) return source;
    }
    return std::nullopt;
}

GeneratedGame GameGenerator::attempt() {
    GeneratedGame game;
    go::Board board;
    // The walk: every move on it is a prefix of a game already made, so it is legal.
    std::vector<OpeningTrie::NodeId> path{0};
    std::optional<std::size_t> source;
    while (true) {
        const auto index = game.moves.size();
        const bool in_trie = index < trie_.depth();
        const OpeningTrie::NodeId node = path.back();
        OpeningTrie::NodeId next = in_trie ? trie_.step(node, options_.leave_weight, random_) : 0;
        if (next == 0) {
            source = play_from_nearby_line(index, board, path);
            if (!source) source = play_from_random_source(index, board, node);
            if (source) break;
            // No real game starts a new line here: follow an old one a step further, or
            // end the game where no line goes on.
            next = in_trie ? trie_.step(node, 0.0, random_) : 0;
            if (next == 0) return game;
        }
        path.push_back(next);
        game.moves.push_back(trie_.move(next));
        board.play(move_of(trie_.move(next), index));
    }
    // The real game's moves to its end. One that is not legal here is skipped with the
    // opponent's answer to it, which keeps the colours alternating and the real game's
    // shapes: a jump to another real game's moves would start new corner lines late in the
    // game, which real games do not.
    game.info_source = *source;
    const auto& moves = pool_.games[*source].moves;
    game.moves.push_back(moves[game.moves.size()]);
    for (std::size_t from = game.moves.size(); from < moves.size(); ++from) {
        if (board.play(move_of(moves[from], game.moves.size())) == go::MoveVerdict::Legal)
            game.moves.push_back(moves[from]);
        else
            ++from;
    }
    return game;
}

std::optional<GeneratedGame> GameGenerator::next() {
    for (int attempt_number = 0; attempt_number < kAttempts; ++attempt_number) {
        GeneratedGame game = attempt();
        // A game that ends in the opening is no game of a real collection.
        if (game.moves.size() <= trie_.depth()) continue;
        if (!made_.insert(duplicate_key(game.moves)).second) continue;
        trie_.insert(game.moves, static_cast<std::uint32_t>(game.info_source));
        return game;
    }
    return std::nullopt;
}

}  // namespace josekic::bench
