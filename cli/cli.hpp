#pragma once

#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// Runs the command line; returns the process exit code (exit_code of an ExitStatus).
int run(int argc, char** argv);

/// Runs one command as its own program (josekic-explore), its arguments after argv[0]: with
/// the messages, hints and exit codes of `josekic COMMAND`.
int run_one(int argc, char** argv, ExitStatus (*command)(const std::vector<std::string>&));

}  // namespace josekic::cli
