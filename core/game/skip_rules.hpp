#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/game/replay.hpp"

namespace josekic::game {

/// Why a game is not analysed: a report code (NotGo, Not19x19, NoMoves) and the
/// reason in words for its diagnostic. One set of rules for every reader of games: compile,
/// `lookup --game`, `review` and the explorer's uploaded game skip the same games.
struct SkipReason {
    diag::Code code;
    std::string why;
};

/// Why `record` cannot be replayed on a 19x19 Go board (not Go, another size, no moves),
/// or nothing.
std::optional<SkipReason> skip_before_replay(const GameRecord& record);

/// Why a replayed game gives nothing to analyse (its first move is illegal), or nothing.
std::optional<SkipReason> skip_after_replay(const ReplayResult& replay);

/// The warning for a game whose HA asks for handicap stones that the record does not place
/// (no AB or AW before the first move, which is White's), or nothing. The game is kept and read as
/// recorded: where the stones stood cannot be known (most such Fox games fit the standard points, a
/// few do not), and a reader of the SGF alone sees empty corners too.
std::optional<diag::Diagnostic> handicap_without_stones(const GameRecord& record);

/// The warning that says `record` is skipped for `reason`: "game 2 skipped: board is 9x9;
/// only 19x19 games are read [not-19x19]".
diag::Diagnostic skip_diagnostic(const GameRecord& record, const SkipReason& reason);

/// A game compile would analyse, replayed.
struct PlayableGame {
    GameRecord record;
    std::size_t legal_moves = 0;  ///< ReplayResult::legal_moves
};

/// `record` checked by the rules above and replayed, as compile does; nullopt when it is
/// skipped. Every diagnostic of the replay, and the skip warning, goes to `problems`.
std::optional<PlayableGame> replay_unless_skipped(GameRecord record,
                                                  diag::DiagnosticList& problems);

/// The game of a file that `lookup --game`, `review` and the explorer read: the first of its
/// games that compile analyses (a 9x9 game before it is skipped, as compile skips it).
struct FirstPlayableGame {
    PlayableGame game;
    std::size_t number = 1;         ///< its place among the file's games, from 1
    std::size_t games_in_file = 1;  ///< how many games the file holds
};

/// The first of `records` (a file's games, in order) that replay_unless_skipped keeps; the
/// skip warnings of those before it go to `problems`. nullopt when none is kept.
std::optional<FirstPlayableGame> first_playable_game(std::vector<GameRecord> records,
                                                     diag::DiagnosticList& problems);

}  // namespace josekic::game
