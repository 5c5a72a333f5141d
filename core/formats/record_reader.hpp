#pragma once

#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/input/file_kinds.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::formats {

/// The format of a game record, from its content where the content says it (SGF's "(;",
/// GIB's "\HS", UGF's "[Header]" at the start; NGF, which has no mark of its own, by its
/// shape: the board's size on its second line and "PM" move lines after its header), else
/// from its name, else SGF.
input::RecordFormat record_format(std::string_view path, std::string_view bytes);

/// Reads every game of one file in whatever format record_format() finds: SGF through
/// sgf::read_games, GIB, NGF and UGF through their readers.
std::vector<game::GameRecord> read_record_games(std::string_view bytes, std::string_view path,
                                                const sgf::ReadOptions& options,
                                                diag::DiagnosticSink& sink);

}  // namespace josekic::formats
