#pragma once

#include <exception>
#include <string>

namespace josekic::cli {

/// What a failure says after "josekic: error: ": the exception's own text, except where that
/// names a C++ type or an errno rather than the trouble (out of memory, no thread started).
std::string error_text(const std::exception& failure);

/// What a compile, update or merge into `dir` that failed says: the error, then that nothing
/// was written and DIR keeps what it held (`dir_existed`: DIR was there before the run), or,
/// when the failure came after the new set was committed (emit::CommittedError), that DIR
/// holds the new dictionary.
std::string failed_run_text(const std::exception& failure, const std::string& dir,
                            bool dir_existed);

/// "nothing was written; DIR keeps what it held", or "nothing was written" when DIR was not
/// there before the run (a directory the run made, or would have made, keeps nothing), with a
/// line feed. With the `--diagnostics` file the run wrote, "nothing was written but FILE (the
/// diagnostics)".
std::string nothing_written_text(const std::string& dir, bool dir_existed,
                                 const std::string& diagnostics_file = {});

}  // namespace josekic::cli
