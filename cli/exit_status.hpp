#pragma once

namespace josekic::cli {

/// The exit status of every command, and of the process: the one place the numbers are
/// written (`josekic --help` and the man page say what each means).
enum class ExitStatus {
    Ok = 0,     ///< done (a lookup that finds nothing is done too)
    Error = 1,  ///< an input, an index or an output could not be used; said on stderr
    Usage = 2,  ///< a bad command line; said on stderr with a hint to the command's help
};

/// The number the process exits with.
constexpr int exit_code(ExitStatus status) {
    return static_cast<int>(status);
}

}  // namespace josekic::cli
