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
    std::size_t legal_moves = 0;    ///< game::ReplayResult::legal_moves
    std::string file_bytes;         ///< the (decompressed) file the game was read from
    std::size_t number = 1;         ///< its place among the file's games, from 1
    std::size_t games_in_file = 1;  ///< how many games that file holds
};

/// The first game of `path` that compile analyses, read as compile reads its inputs: through
/// the same input layer (a game record in any of the formats compile reads, compressed on its
/// own (.sgf.gz, .sgf.xz, .sgf.bz2) or the records of an archive, in order), the same record
/// readers and the same skip rules (core/game/skip_rules.hpp: not Go, not 19x19, no moves, an
/// illegal first move; a skipped game is passed over, as compile passes it), then replayed.
/// Every diagnostic, the skip warnings compile prints included, goes to `problems`; nullopt
/// when the input cannot be read or holds no game compile analyses.
std::optional<ReadGame> read_first_game(const std::string& path, diag::DiagnosticList& problems);

}  // namespace josekic::pipeline
