#pragma once

#include <string>

#include "compiler/input/walker.hpp"

namespace josekic::input {

/// Streams the game-record entries (.sgf/.mgt, any case) of the archive at `file_path` to
/// `visit` in archive order, decompressing as it goes; display paths are
/// `display_path + "/" + entry path` (a leading "./" of the entry dropped). An archive that
/// cannot be opened or is corrupt yields an InputFile with `read_error` ("cannot-read" or
/// "corrupt-archive") after the entries read before the damage.
WalkControl read_archive(const std::string& file_path, const std::string& display_path, const InputVisitor& visit);

}  // namespace josekic::input
