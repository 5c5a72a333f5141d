#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic compile INPUT... -o DIR [options]`: builds the joseki and fuseki dictionaries
/// and writes them with report.txt into DIR. Returns 0 on success, 1 on an error.
int run_compile(const std::vector<std::string>& args);
}  // namespace josekic::cli
