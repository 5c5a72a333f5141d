#pragma once

#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::formats {

/// Reads a WBaduk/Cyberoro NGF file (see docs/formats.md): its header of fixed lines
/// (board size, players with ranks, handicap, komi, date, result in words) and its "PM"
/// move lines. Handicap stones are placed as the server places them. Text is decoded as
/// the bytes look (NGF names no charset) unless --charset forces one. Problems go to
/// `sink` with line and column.
/// Whether `bytes` has NGF's shape, NGF having no mark of its own: the board's size alone on
/// its second line and "PM" move lines after its header. A file of that shape is NGF whatever
/// its name (an .ngf file renamed .sgf or .txt by a download).
bool looks_like_ngf(std::string_view bytes);

std::vector<game::GameRecord> read_ngf_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink);

}  // namespace josekic::formats
