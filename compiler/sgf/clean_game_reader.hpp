#pragma once

#include <string_view>
#include <vector>

#include "compiler/diag/diagnostic.hpp"
#include "compiler/game/game_record.hpp"
#include "compiler/sgf/charset.hpp"
#include "compiler/sgf/game_builder.hpp"
#include "compiler/sgf/game_reader.hpp"

namespace josekic::sgf {

/// What read_clean_games() needs to know about the file besides its text.
struct CleanReadContext {
    std::string_view path;          ///< display path for the records and diagnostics
    const ReadOptions& options;     ///< --charset
    FileConversion conversion;      ///< whether CA still describes the bytes
};

/// Reads the games of a well-formed file in one pass, from the text straight into records,
/// without building SgfTrees: only the root node's and the main line's properties are kept,
/// and only while their node is read. A file qualifies when the SGF tree parser would
/// neither report nor repair anything in it: every game tree starts with "(;", nothing but
/// white space lies between trees and between nodes, every property identifier is in
/// capitals and has a value, every value and tree is closed, and no variation starts
/// before the tree's first node.
///
/// Returns true with `games` and the diagnostics of reading them (decoding, board size,
/// bad moves ...) exactly as read_games() would give them by parsing trees: the same
/// GameBuilder reads the same nodes. Returns false for any other file, having added the
/// games and diagnostics read so far: the caller discards them and parses the file.
/// `decoder` must report to `diagnostics`, so that the caller can hold both back.
bool read_clean_games(std::string_view text, const CleanReadContext& context, TextDecoder& decoder,
                      std::vector<game::GameRecord>& games, diag::DiagnosticSink& diagnostics);

}  // namespace josekic::sgf
