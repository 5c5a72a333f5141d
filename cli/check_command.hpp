#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic check INPUT... [--json] [--no-timings] [--threads N] [--charset NAME]
/// [--keep-duplicates] [--quiet]`: reads and replays every game and prints the run report
/// on stdout. Returns Ok when the run completed (unreadable files and skipped games are
/// reported, not fatal), Error when an INPUT does not exist.
ExitStatus run_check(const std::vector<std::string>& args);

}  // namespace josekic::cli
