#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/input/file_kinds.hpp"
#include "core/input/walker.hpp"

namespace josekic::input {

/// Where an archive's bytes are: files on disk (one, or the volumes of a split archive in
/// order, read as one stream) or bytes already in memory (a file whose name did not say
/// it was an archive).
struct ArchiveSource {
    /// The archive's files in order; empty when the archive is `bytes`.
    std::vector<std::string> volume_paths;
    /// The archive in memory, used when volume_paths is empty.
    std::string_view bytes;
    /// Archive: a container of files. Compressed: one compressed stream, either a compressed
    /// container (.tar.gz) or one compressed game record (.sgf.gz), which is handed on whole
    /// under the archive's own display path.
    ContentKind content = ContentKind::Archive;
    /// For a split archive, the name of the volume after the last one read, named in the
    /// error when the data ends early (that volume is then presumably missing).
    std::string next_volume;
    /// Whether later volumes are there: next_volume is then surely missing, a gap.
    bool volumes_after_gap = false;
};

/// Streams the game-record entries (see classify_name) of the archive `source` to `visit`
/// in archive order, decompressing as it goes (an entry named like an archive or a
/// compressed record is read as one, to four archives deep); display paths are
/// `display_path + "/" + entry path` (a leading "./" of the entry dropped). An archive that
/// cannot be opened or is corrupt yields an InputFile with `read_error` ("cannot-read" or
/// "corrupt-archive") after the entries read before the damage. An entry that decompresses
/// past options.max_file_bytes yields a "file-too-large" error instead of its bytes.
/// Nothing is ever written: entry names such as "../x.sgf" and symlink entries are harmless
/// (names are only displayed; only regular-file entries are read).
WalkControl read_archive(const ArchiveSource& source, const std::string& display_path,
                         const InputVisitor& visit, const WalkOptions& options = {});

}  // namespace josekic::input
