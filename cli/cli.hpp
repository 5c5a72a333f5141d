#pragma once

namespace josekic::cli {

/// Runs the command line; returns the process exit code (0 ok, 1 error, 2 usage).
int run(int argc, char** argv);

}  // namespace josekic::cli
