#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// `josekic explore ...`: replaces this process with the program josekic-explore, which
/// serves the explorer (cli/explore_command.hpp), with the same arguments. The HTTP server
/// thus starts only for `explore`: linked into josekic, the libraries of the one it had
/// (cpp-httplib with OpenSSL and Brotli) took 4 ms of CPU at every start of every command.
/// The program is looked for beside josekic (a build tree), then in ../libexec/josekic (an
/// installation). Its help, and a bad command line, are answered here without it
/// (cli/explore_arguments.hpp). Returns Error, having said why, only when it cannot be started.
ExitStatus exec_explore(const std::vector<std::string>& args);

}  // namespace josekic::cli
