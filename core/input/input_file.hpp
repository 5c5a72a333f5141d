#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/diag/diagnostic.hpp"

namespace josekic::input {

/// One input file's bytes, as the walker hands it on: a file on disk or an entry of an
/// archive. Exactly one of `bytes` (possibly empty: an empty file) and `read_error` is
/// meaningful.
struct InputFile {
    /// How the file is named in diagnostics and reports: the path as given on the command
    /// line joined with the path below it, e.g. "games/2019/a.sgf", or for an archive entry
    /// the archive's path followed by the entry's, e.g. "fox.tar.xz/fox/a.sgf".
    std::string display_path;
    /// The whole file, undecoded.
    std::string bytes;
    /// Set when the file (or a directory or archive) could not be read; it is skipped.
    std::optional<diag::Diagnostic> read_error;
    /// Set when the bytes end early (a compressed record cut short): the file is read as far
    /// as it goes, as a cut file on disk is, and this error is reported with its own.
    std::optional<diag::Diagnostic> cut_short;
    /// Bytes of the inputs on disk read for this file, for a progress display: its size; for
    /// an archive entry, the archive bytes read since the entry before it (the sum over a
    /// walk approaches the inputs' size on disk, see total_disk_bytes).
    std::uint64_t disk_bytes = 0;
};

}  // namespace josekic::input
