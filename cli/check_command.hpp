#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic check INPUT... [--json] [--no-timings] [--threads N] [--charset NAME]
/// [--keep-duplicates] [--quiet]`: reads and replays every game and prints the run report
/// on stdout. Returns 0 when the run completed (unreadable files and skipped games are
/// reported, not fatal), 1 when an INPUT does not exist.
int run_check(const std::vector<std::string>& args);

}  // namespace josekic::cli
