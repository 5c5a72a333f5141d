#pragma once

#include <filesystem>
#include <string_view>

namespace josekic::emit {

/// Writes `contents` to `target` so that readers see either the old file or the complete
/// new one, never a half-written file: the bytes go to a temporary file in the target's
/// directory (".<name>.tmp-XXXXXX"), are flushed to disk with fsync, and the temporary is
/// renamed over `target`. On any failure (directory missing, disk full, file too large,
/// target is a directory, ...) the temporary file is removed and std::runtime_error is
/// thrown with a message naming `target` and the system's error text. If SIGINT, SIGTERM or
/// SIGHUP arrives while a temporary file exists, a handler (installed on first use, only
/// for signals still at their default action) removes it and the process then dies of the
/// signal as it would have: the target keeps its old contents and no temporary is left.
void write_file_atomically(const std::filesystem::path& target, std::string_view contents);

}  // namespace josekic::emit
