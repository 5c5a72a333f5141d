#pragma once

namespace josekic::cli {

/// Runs the command line; returns the process exit code (exit_code of an ExitStatus).
int run(int argc, char** argv);

}  // namespace josekic::cli
