#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic explore DIR|INDEX [--port N] [--host ADDR] [--open] [--cors ORIGIN]`: serves the
/// explorer (explorer/server.hpp) over a compiled dictionary's index until SIGINT or SIGTERM.
/// Returns 0 after a signal, 1 when the index cannot be used or the address not bound.
int run_explore(const std::vector<std::string>& args);

}  // namespace josekic::cli
