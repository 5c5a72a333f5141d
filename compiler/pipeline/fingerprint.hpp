#pragma once

#include "core/game/game_record.hpp"
#include "core/go/symmetry.hpp"
#include "core/go/zobrist.hpp"

namespace josekic::pipeline {

/// A key that is equal for the same game however it is rotated or reflected: a 128-bit hash
/// of one canonical image of the setup stones (as a set) and the main line's moves (in
/// order, passes included). The canonical image is chosen from the image alone: the
/// smallest hash of the setup stones, then the smallest point indices move by move; for a
/// game that a symmetry maps onto itself (so that images tie to the end) it is the image
/// with the smallest key, on a tie the first in kAllSymmetries order. Players, dates and
/// comments do not count, so the same game saved by two servers with different headers is
/// one game. Keys are internal: only their equality means anything.
struct GameFingerprint {
    go::Hash128 key;
    /// The symmetry that maps the game as written onto its canonical image.
    go::Symmetry to_canonical = go::Symmetry::Identity;
};

/// The fingerprint of a game's setup and main line (all of record.moves).
GameFingerprint fingerprint(const game::GameRecord& record);

}  // namespace josekic::pipeline
