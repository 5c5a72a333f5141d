#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"

namespace josekic::pipeline {

/// A game read and replayed as compile reads it.
struct ReadGame {
    game::GameRecord record;
    std::size_t legal_moves = 0;  ///< game::ReplayResult::legal_moves
    std::string file_bytes;       ///< the (decompressed) file the game was read from
};

/// The first game of `path`, read as compile reads its inputs: through the same input layer
/// (a game record in any of the formats compile reads, compressed on its own (.sgf.gz,
/// .sgf.xz, .sgf.bz2) or the first record of an archive), the same record readers and the
/// same skip rules (skip_policy.hpp: not Go, not 19x19, no moves, an illegal first move),
/// then replayed. Every diagnostic, the skip warning compile prints included, goes to
/// `problems`; nullopt when the input cannot be read, holds no game, or its first game is
/// skipped.
std::optional<ReadGame> read_first_game(const std::string& path, diag::DiagnosticList& problems);

}  // namespace josekic::pipeline
