#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game_record.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "trackers/corner.hpp"
#include "trackers/corner_tracker.hpp"

namespace josekic::index {

/// What `lookup --game` asks about one game.
struct GameLookupOptions {
    /// The move after which the position is taken; nullopt: the last move within the fuseki
    /// depth the index was compiled with, or of the game's legal moves.
    std::optional<std::size_t> move;
    std::size_t games = 5;                     ///< recent games listed per line
    const GameSelection* selection = nullptr;  ///< the games counted; nullptr: all of them
};

/// A corner sequence still tracked at the move, looked up in the joseki tree.
struct CornerLookup {
    trackers::Corner corner = trackers::Corner::UpperRight;
    LookupResult joseki;
};

/// A corner with no line to look up, and why: `lookup --game` and `review` say the same.
struct CornerWithoutLine {
    trackers::Corner corner = trackers::Corner::UpperRight;
    std::string why;  ///< "setup stones (a handicap) stand in its zone or its exclusion ring ..."
};

/// The whole-board position after a move of a game, whatever its move order, and each
/// corner's sequence at that move.
struct GameLookup {
    std::size_t move_number = 0;  ///< moves played (the position is after this many)
    LookupResult fuseki;          ///< the opening up to there; position totals cover every order
    /// Why the opening is not looked up, when it is not: the index holds the openings of
    /// even games only, so a handicap, setup-stone or White-first game has none, and only
    /// their first moves (the fuseki depth).
    std::optional<std::string> fuseki_not_indexed;
    std::vector<CornerLookup> corners;  ///< corners whose trackers are still on, in corner order
    std::vector<CornerWithoutLine> corners_not_tracked;  ///< the other corners, in corner order
};

/// The corners of `corners` without a line, each with the reason, in corner order.
/// `at_move`: the corners were extracted up to this move, and a line its tracker shut off
/// before it counts as none (the dictionary holds nothing of the corner from there on);
/// nullopt: the whole game, and such a line counts (a review follows it to its end).
std::vector<CornerWithoutLine> corners_without_line(const trackers::CornerExtraction& corners,
                                                    const trackers::TrackerOptions& tracker,
                                                    std::optional<std::size_t> at_move);

/// A corner sequence as a query: its canonical moves, and as the game played them.
QueryLine corner_query(const trackers::CornerSequence& sequence);

/// Looks up the position after `options.move` moves of `record` (of which `legal_moves` are
/// legal, from game::replay): the fuseki line normalised as the opening tracker does, and the
/// sequences the corner trackers hold at that move, both with the options the index was
/// compiled with (index_options.hpp). A move past the legal moves is taken as the last legal
/// one (the caller refuses it); past the fuseki depth, the opening is not looked up
/// (fuseki_not_indexed says why).
GameLookup lookup_game(const IndexFile& index, const game::GameRecord& record,
                       std::size_t legal_moves, const GameLookupOptions& options);

}  // namespace josekic::index
