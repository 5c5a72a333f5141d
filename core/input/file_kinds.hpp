#pragma once

#include <string>
#include <string_view>

namespace josekic::input {

/// What a file name says a file is. Extensions are compared without regard to ASCII case,
/// so "GAME.SGF", "game.Sgf" and "game.sgf" are all game records.
enum class FileKind {
    GameRecord,        ///< .sgf .mgt (SGF under MultiGo's old name), .gib .ngf .ugf .ugi
    Archive,           ///< .zip .7z .tar .tar.gz .tgz .tar.bz2 .tar.xz: read through libarchive
    SplitArchive,      ///< the first volume of a split archive: .7z.001, .zip.001, ...
    SplitVolume,       ///< a later volume (.7z.002, ...): read through the first one
    CompressedRecord,  ///< one game record compressed whole: .sgf.gz .sgf.xz .sgf.bz2
    Other,             ///< anything else: not read when found inside a directory or an archive
};

/// Classifies a file by the end of its name (a path or a bare name; only the end counts).
FileKind classify_name(std::string_view name);

/// The format of a game record as its name says: SGF, Tygem's GIB, WBaduk/Cyberoro's NGF,
/// PandaNet's UGF (and its .ugi); a compression suffix is looked through ("a.gib.gz" is
/// Gib). Anything else is Sgf, the format read when nothing says otherwise.
enum class RecordFormat { Sgf, Gib, Ngf, Ugf };

/// The record format `name` says.
RecordFormat record_format_of_name(std::string_view name);

/// What a file's first bytes say it is, whatever its name.
enum class ContentKind {
    Archive,     ///< a container of files: 7z, zip, tar, rar
    Compressed,  ///< one compressed stream: gzip, xz, bzip2, zstd (a .tar.gz or a .sgf.gz)
    Other,       ///< neither: text, presumably a game record
};

/// The number of leading bytes content_kind() looks at (a tar header's "ustar" sits at 257).
inline constexpr std::size_t kContentProbeBytes = 512;

/// Classifies a file by its magic bytes; `head` is its first kContentProbeBytes bytes (or
/// all of a shorter file).
ContentKind content_kind(std::string_view head);

/// The compression of a stream, by its first bytes.
enum class Compression { None, Gzip, Xz, Bzip2, Zstd };
/// What `head` (a stream's first bytes) says it is compressed with; None for anything else.
Compression compression_of(std::string_view head);

/// The message of a file named like an archive whose content is none that josekic reads.
inline constexpr std::string_view kNotAnArchiveText =
    "named like an archive, but its content is neither an archive (7z, zip, tar, rar), nor "
    "compressed (gzip, xz, bzip2, zstd), nor a game record; not read";

/// Whether text looks like an SGF game record: a '(' then, after white space, a ';'.
/// Anything may come before it (mail headers, a title line), as SGF readers allow.
bool looks_like_sgf(std::string_view head);

/// Whether a file whose first bytes are `head` was written by josekic, and so is no game
/// record: a dictionary (its root starts "(;GM[1]FF[4]CA[UTF-8]AP[josekic:") or an index
/// (magic "JOSEKIX"). A game reviewed by `josekic review -o` is the user's game and does not
/// count.
bool written_by_josekic(std::string_view head);

/// written_by_josekic() of the first bytes of the file at `path` (false when it cannot be
/// read).
bool written_by_josekic_file(const std::string& path);

/// For a split volume name ("fox.7z.001"), the name of the whole archive ("fox.7z") and
/// the volume's number (1); for any other name, an empty name and 0.
struct SplitName {
    std::string archive;
    int volume = 0;
};
SplitName split_name(std::string_view name);

/// The name of volume `volume` of the split archive `archive` ("fox.7z", 2 -> "fox.7z.002").
std::string volume_name(std::string_view archive, int volume);

}  // namespace josekic::input
