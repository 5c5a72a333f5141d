#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/exit_status.hpp"
#include "compiler/pipeline/first_game.hpp"

namespace josekic::cli {

/// `josekic lookup DIR|INDEX --moves "pd qc qd" [--fuseki] [--games N] [--json] [--verify]`:
/// looks a corner sequence (or, with --fuseki, a whole-board opening) up in the index that
/// compile wrote and prints its statistics, its position over all move orders, its
/// continuations and its most recent games. Returns Ok (also for a line the dictionary does
/// not know), Error for an index that cannot be used; a malformed query is a UsageError.
ExitStatus run_lookup(const std::vector<std::string>& args);

/// The first game of a game file and how many of its moves are legal.
using GameFile = pipeline::ReadGame;

/// Reads the first game of `path` as compile reads it (pipeline::read_first_game) and replays
/// it; diagnostics go to stderr. nullopt (after an error message) when the file cannot be
/// read, holds no game, or its first game is one compile skips (not Go, not 19x19, ...).
std::optional<GameFile> read_game_file(const std::string& path);

/// The index a DIR|INDEX argument names (index::index_path). A query opens it with
/// index::open_dictionary_index, which also checks the SGF files beside it.
std::filesystem::path index_path(const std::string& dictionary);

/// Flushes stdout: Ok, or Error after an error message when the output could not be written.
ExitStatus flushed_output();

}  // namespace josekic::cli
