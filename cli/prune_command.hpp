#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic prune DICT.sgf --list FILE... -o OUT.sgf [--dry-run] [thresholds]`: prunes a
/// dictionary josekic wrote earlier, without the games. Returns Ok, or Error when a file cannot
/// be read or written or a prune list is malformed (then nothing is written).
ExitStatus run_prune(const std::vector<std::string>& args);

}  // namespace josekic::cli
