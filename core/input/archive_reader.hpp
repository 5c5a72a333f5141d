#pragma once

#include <string>

#include "core/input/walker.hpp"

namespace josekic::input {

/// Streams the game-record entries (.sgf/.mgt, any case) of the archive at `file_path` to
/// `visit` in archive order, decompressing as it goes; display paths are
/// `display_path + "/" + entry path` (a leading "./" of the entry dropped). An archive that
/// cannot be opened or is corrupt yields an InputFile with `read_error` ("cannot-read" or
/// "corrupt-archive") after the entries read before the damage. An entry that decompresses
/// past options.max_file_bytes yields a "file-too-large" error instead of its bytes.
/// Nothing is ever written: entry names such as "../x.sgf" and symlink entries are harmless
/// (names are only displayed; only regular-file entries are read).
WalkControl read_archive(const std::string& file_path, const std::string& display_path,
                         const InputVisitor& visit, const WalkOptions& options = {});

}  // namespace josekic::input
