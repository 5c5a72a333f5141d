#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"

namespace josekic::sgf {

/// How to read text when a file does not say (see README, "Character sets").
struct ReadOptions {
    /// Overrides CA for every file when not empty (--charset).
    std::string forced_charset;
};

/// Reads every game of an SGF collection: game information decoded to UTF-8, root setup
/// stones, and the main line's moves. Problems go to `sink` with path, line and column.
/// Well-formed game trees are read in one pass (clean_game_reader.hpp), the others through
/// SgfTrees; both ways give the same games and diagnostics.
std::vector<game::GameRecord> read_games(std::string_view bytes, std::string_view path,
                                         const ReadOptions& options, diag::DiagnosticSink& sink);

/// read_games() always the general way, through parse_collection() and its SgfTrees. Slower;
/// public so that tests can check that the one-pass way agrees with it.
std::vector<game::GameRecord> read_games_through_trees(std::string_view bytes,
                                                       std::string_view path,
                                                       const ReadOptions& options,
                                                       diag::DiagnosticSink& sink);

}  // namespace josekic::sgf
