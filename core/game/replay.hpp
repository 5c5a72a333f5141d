#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/go/board.hpp"

namespace josekic::game {

/// The outcome of replaying a game's main line on a board.
struct ReplayResult {
    /// How many of record.moves were legal and played; the game is kept up to there.
    std::size_t legal_moves = 0;
    /// Why the replay stopped early, when it did (the move at index legal_moves).
    std::optional<go::MoveVerdict> stopped_by;
    // No final position: nothing downstream needs it, and a board (~4.7 kB) kept with every
    // game in flight between the workers and the consumer would cost tens of megabytes.
};

/// The diagnostic code of an illegal move (OccupiedPoint, Suicide, KoRecapture), by which
/// reports count the games it cut. Precondition: `verdict` is not Legal.
diag::Code verdict_code(go::MoveVerdict verdict);

/// Places the setup stones, then plays the main line with captures until the end or the
/// first illegal move (occupied point, suicide, ko recapture), which is reported to `sink`
/// with its location and ends the replay. Preconditions: a 19x19 Go game.
ReplayResult replay(const GameRecord& record, diag::DiagnosticSink& sink);

}  // namespace josekic::game
