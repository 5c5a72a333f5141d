#pragma once

#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::formats {

/// Reads a PandaNet UGF or UGI file (see docs/formats.md): the [Header] section (players
/// and ranks, size, handicap and komi, date, winner, the charset in Lang) and the moves of
/// the [Data] section; review sections (variations, comments) are not read. Problems go to
/// `sink` with line and column.
std::vector<game::GameRecord> read_ugf_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink);

}  // namespace josekic::formats
