#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic merge PART... -o DIR [options]`: combines compiled dictionaries into the one a
/// compile of their inputs, in this order, would write. Returns Ok, Error when a part cannot be
/// read or merged (options that shaped the tries differ, no merge sections) or DIR cannot be
/// written (nothing is then written), Usage for a bad command line.
ExitStatus run_merge(const std::vector<std::string>& args);

}  // namespace josekic::cli
