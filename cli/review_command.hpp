#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic review GAME.sgf --dict DIR [--alternatives N] [--json]`: where the game's opening
/// and each corner left the book of a compiled dictionary's index, and what the book plays
/// there. Returns 0, 1 for a game or index that cannot be used, 2 for a bad command line.
int run_review(const std::vector<std::string>& args);

}  // namespace josekic::cli
