#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/input/input_file.hpp"

namespace josekic::input {

/// Whether the walk should go on after a file was handed over.
enum class WalkControl { Continue, Stop };

/// Receives each file in walk order. It may block (the pipeline does, to bound the number
/// of files held in memory); the walker reads the next file only after it returns.
using InputVisitor = std::function<WalkControl(InputFile&&)>;

/// The default limit on the bytes of one file or archive entry held in memory: 256 MiB,
/// far above any real game record (the largest collections are a few MiB) and low enough
/// that a decompression bomb (a small archive expanding to gigabytes) cannot exhaust memory.
inline constexpr std::uint64_t kDefaultMaxFileBytes = std::uint64_t{256} << 20;

/// Limits of a walk.
struct WalkOptions {
    /// A file or archive entry larger than this is not read: it becomes an InputFile with a
    /// "file-too-large" error naming the limit, and the walk goes on. An archive entry is
    /// cut off as soon as it decompresses past the limit, whatever its header claims.
    std::uint64_t max_file_bytes = kDefaultMaxFileBytes;
};

/// Walks the inputs in a deterministic order and hands every game-record file to `visit`,
/// one at a time, never holding more than one file's bytes:
/// - the inputs in the order given;
/// - a directory recursively, depth first, the entries of each directory sorted by the
///   bytes of their names (readdir order never matters); files whose names end in .sgf or
///   .mgt in any case, and archives, are read; other files are ignored; a directory reached
///   twice (a symlink loop or a second link) is reported once and not walked again;
/// - an archive (.zip .7z .tar .tar.gz .tgz .tar.bz2 .tar.xz, found by name) is read in
///   place through libarchive, its .sgf/.mgt entries in archive order, and archives and
///   compressed records inside it as they would be on disk (read_archive); nothing is
///   extracted;
/// - a split archive (x.7z.001, x.7z.002, ...) is read through its first volume, all the
///   volumes as one stream ("split-archive-incomplete" error naming a missing volume); a
///   later volume alone is skipped in a directory and an error on the command line;
/// - a game record compressed whole (.sgf.gz .sgf.xz .sgf.bz2) is handed on decompressed,
///   under its own display path;
/// - content decides over names: a file read as a game record whose first bytes are an
///   archive's or a compressed stream's is read as that archive; a file named like an
///   archive whose content is SGF text is handed on as a game record, and one that is
///   neither is a "not-an-archive" error;
/// - a file named explicitly is read as SGF whatever its extension (unless it is an archive).
/// A file, directory or archive that cannot be read becomes an InputFile with `read_error`
/// set ("cannot-read" error; "input-not-found" for a missing command-line input;
/// "file-too-large" error, see WalkOptions; "not-a-regular-file" error for a FIFO, socket
/// or device named like a game record inside a directory, which is never opened, so that a
/// FIFO cannot hang the walk (one named on the command line is read, like `cat` would);
/// "directory-repeated" warning), and the walk goes on.
void walk_inputs(const std::vector<std::string>& inputs, const InputVisitor& visit,
                 const WalkOptions& options = {});

/// `inputs` in the order a compile reads them, whatever the order given: by their paths'
/// components, each compared as bytes, as a walk of a common parent orders its entries
/// ("2019/" before "2019-01/", as "2019" before "2019-01"; a trailing slash changes nothing).
std::vector<std::string> sorted_inputs(std::vector<std::string> inputs);

/// The command-line inputs a walk could not read, as it would report them: one that does
/// not exist ("input-not-found" error) or that this process may not read ("cannot-read"
/// error; a directory must also be searchable), in the order given. A run that must not
/// write anything when an input is missing asks this before reading.
std::vector<diag::Diagnostic> check_inputs(const std::vector<std::string>& inputs);

/// The input that writing `path` would replace, if any: an input named on the command line
/// that is the same file, or the directory input under which a walk would read `path` (a
/// game record or an archive by its name). Empty when `path` does not exist, or replaces
/// none of them. A run asks this of a file it is told to write (--diagnostics) before it
/// reads anything: input files are never modified.
std::string input_replaced_by(const std::string& path, const std::vector<std::string>& inputs);

}  // namespace josekic::input
