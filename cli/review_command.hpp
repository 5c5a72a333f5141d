#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic review DIR|INDEX GAME.sgf [--alternatives N] [--json]` (or, deprecated,
/// `review GAME.sgf --dict DIR`): where the game's opening
/// and each corner left the book of a compiled dictionary's index, and what the book plays
/// there. Returns Ok, or Error for a game or index that cannot be
/// used; a bad command line is a UsageError.
ExitStatus run_review(const std::vector<std::string>& args);

}  // namespace josekic::cli
