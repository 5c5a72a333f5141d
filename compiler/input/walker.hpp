#pragma once

#include <functional>
#include <string>
#include <vector>

#include "compiler/input/input_file.hpp"

namespace josekic::input {

/// Whether the walk should go on after a file was handed over.
enum class WalkControl { Continue, Stop };

/// Receives each file in walk order. It may block (the pipeline does, to bound the number
/// of files held in memory); the walker reads the next file only after it returns.
using InputVisitor = std::function<WalkControl(InputFile&&)>;

/// Walks the inputs in a deterministic order and hands every game-record file to `visit`,
/// one at a time, never holding more than one file's bytes:
/// - the inputs in the order given;
/// - a directory recursively, depth first, the entries of each directory sorted by the
///   bytes of their names (readdir order never matters); files whose names end in .sgf or
///   .mgt in any case, and archives, are read; other files are ignored; a directory reached
///   twice (a symlink loop or a second link) is reported once and not walked again;
/// - an archive (.zip .tar .tar.gz .tgz .tar.bz2 .tar.xz, found by name) is read in place
///   through libarchive, its .sgf/.mgt entries in archive order; nothing is extracted;
/// - a file named explicitly is read as SGF whatever its extension (unless it is an archive).
/// A file, directory or archive that cannot be read becomes an InputFile with `read_error`
/// set ("cannot-read" error; "input-not-found" for a missing command-line input;
/// "directory-repeated" warning), and the walk goes on.
void walk_inputs(const std::vector<std::string>& inputs, const InputVisitor& visit);

}  // namespace josekic::input
