#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/sgf/charset.hpp"
#include "core/sgf/game_builder.hpp"
#include "core/sgf/game_reader.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace josekic::sgf {

/// What read_collection() needs to know about the file besides its text.
struct CleanReadContext {
    std::string_view path;       ///< display path for the records and diagnostics
    const ReadOptions& options;  ///< --charset
    FileConversion conversion;   ///< whether CA still describes the bytes
};

/// How read_collection() read a file's trees.
struct CollectionCounts {
    std::size_t trees_in_one_pass = 0;
    std::size_t trees_parsed = 0;
};

/// Reads every game of a collection, tree by tree, in file order. A clean tree is read in
/// one pass, from the text straight into its record, without building an SgfTree: only the
/// root node's and the main line's properties are kept, and only while their node is read.
/// A tree is clean when the SGF tree parser would neither report nor repair anything in
/// it: it starts with "(;", nothing but white space lies between its nodes, every property
/// identifier is in capitals and has a value, every value and the tree itself are closed,
/// and no variation starts before its first node. Any other tree, and whatever lies
/// between trees, is left to the parser (parse_collection_with()), one tree at a time, so
/// that one damaged game in a large collection costs the parse of that game only.
///
/// The games and diagnostics are exactly those of parsing the whole file into trees and
/// reading each (read_games_through_trees()): the same GameBuilder reads the same nodes.
/// The parser's diagnostics go to `parsing` and those of reading the games (decoding,
/// board size, bad moves ...) to `reading`, which `decoder` must report to; reading the
/// whole file through trees gives all of the first before all of the second.
CollectionCounts read_collection(std::string_view text, const CleanReadContext& context,
                                 TextDecoder& decoder, std::vector<game::GameRecord>& games,
                                 diag::DiagnosticList& reading, diag::DiagnosticSink& parsing);

}  // namespace josekic::sgf
