#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic compile INPUT... -o DIR [options]`: builds the joseki and fuseki dictionaries
/// and writes them with report.txt into DIR. Returns Ok on success, Error on an error.
ExitStatus run_compile(const std::vector<std::string>& args);
}  // namespace josekic::cli
