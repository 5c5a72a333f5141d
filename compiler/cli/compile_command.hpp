#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic compile INPUT... -o DIR [options]`: builds the joseki and fuseki dictionaries
/// and writes them with report.txt into DIR. Returns 0 on success, 1 on an error.
int run_compile(const std::vector<std::string>& args);

/// `josekic zones [--zones FILE]`: prints the board with every point's role (zone of which
/// corners, overlap, exclusion ring). Returns 0, or 1 for a zone file that cannot be used.
int run_zones(const std::vector<std::string>& args);

}  // namespace josekic::cli
