#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic zones [--zones FILE]`: prints the board with every point's role (zone of which
/// corners, overlap, exclusion ring). Returns 0, or 1 for a zone file that cannot be used.
int run_zones(const std::vector<std::string>& args);

}  // namespace josekic::cli
