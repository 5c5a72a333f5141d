#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic explore DIR|INDEX [--port N] [--host ADDR] [--open] [--cors ORIGIN]`: serves the
/// explorer (explorer/server.hpp) over a compiled dictionary's index until SIGINT or SIGTERM.
/// Returns Ok after a signal, Error when the index cannot be used or the address not bound.
ExitStatus run_explore(const std::vector<std::string>& args);

}  // namespace josekic::cli
