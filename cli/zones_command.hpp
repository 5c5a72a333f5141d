#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic zones [--zones FILE]`: prints the board with every point's role (zone of which
/// corners, overlap, exclusion ring). Returns Ok, or Error for a zone file that cannot be used.
ExitStatus run_zones(const std::vector<std::string>& args);

}  // namespace josekic::cli
