#pragma once

#include <string_view>

namespace josekic::input {

/// What a file name says a file is. Extensions are compared without regard to ASCII case,
/// so "GAME.SGF", "game.Sgf" and "game.sgf" are all game records.
enum class FileKind {
    GameRecord,  ///< .sgf or .mgt (an SGF file under MultiGo's old name)
    Archive,     ///< .zip .tar .tar.gz .tgz .tar.bz2 .tar.xz: read in place through libarchive
    Other,       ///< anything else: not read when found inside a directory or an archive
};

/// Classifies a file by the end of its name (a path or a bare name; only the end counts).
FileKind classify_name(std::string_view name);

}  // namespace josekic::input
