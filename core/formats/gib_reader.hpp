#pragma once

#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::formats {

/// Reads a Tygem GIB file (see docs/formats.md): players and ranks ("name (rank)"), date,
/// result, komi, handicap (stones placed as Tygem places them) and the moves of its one
/// game. Text is decoded as the bytes look (GIB names no charset) unless --charset forces
/// one. Problems go to `sink` with line and column.
std::vector<game::GameRecord> read_gib_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink);

}  // namespace josekic::formats
