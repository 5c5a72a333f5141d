#pragma once

#include <string>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// Restores the default action of SIGPIPE (a parent may have left it ignored), so that a
/// reader that closes the pipe early (`josekic check DIR | head`) ends the program quietly
/// instead of with a write error. Call once, before anything is written.
void end_quietly_on_closed_pipe();

/// Flushes stdout and stderr and checks that everything written to them arrived. When a
/// write failed (a full disk, a closed terminal), says so on stderr if it still can and
/// returns ExitStatus::Error; otherwise returns `status`. Call once, after the command has run.
ExitStatus check_standard_streams(ExitStatus status);

/// Whether `file` is the standard output itself (`-o /dev/stdout`, or the file stdout is
/// redirected to): a command writing its output there prints what else it says on stderr,
/// so that the output stays whole.
bool is_standard_output(const std::string& file);

}  // namespace josekic::cli
