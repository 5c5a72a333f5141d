#include "core/input/archive_reader.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <vector>

#include "core/input/decompressed_stream.hpp"
#include "core/input/file_kinds.hpp"

namespace josekic::input {

namespace {

struct ArchiveCloser {
    void operator()(archive* a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveCloser>;

InputFile failure(const std::string& display_path, diag::Code code, std::string message) {
    InputFile file;
    file.display_path = display_path;
    file.read_error =
        diag::Diagnostic{display_path, {}, diag::Severity::Error, code, std::move(message)};
    return file;
}

// An entry past the limit of one file; an archive inside an archive is read from memory, so
// the same limit holds it, which is no sign of a bomb.
InputFile too_large(const std::string& display_path, std::uint64_t limit, bool nested = false) {
    if (nested)
        return failure(display_path, diag::Code::FileTooLarge,
                       "an archive inside an archive, larger than the " +
                           std::to_string(limit >> 20) +
                           " MiB josekic holds of one file; skipped: extract it");
    return failure(display_path, diag::Code::FileTooLarge,
                   "larger than the limit of " + std::to_string(limit >> 20) +
                       " MiB for one file (" + std::to_string(limit) +
                       " bytes; a decompression bomb?); skipped");
}

std::string error_text(archive* a) {
    const char* text = archive_error_string(a);
    return text != nullptr ? text : "unknown libarchive error";
}

// libarchive converts the names an archive says are UTF-8 (a zip entry's with its UTF-8 flag,
// a pax header's) to the charset of the thread's locale, as it reads each header. josekic
// never calls setlocale, so that is "C", ASCII: every such name with another character failed
// to convert, and its entry came out nameless. Headers are read under C.UTF-8 (glibc always
// has it), where the names stay as the archive wrote them; tar's raw names are raw under any
// locale. Made once an archive; under() switches the thread's locale only around the reading
// of a header and of its name (converted again when asked for), so that nothing else runs
// under it.
class Utf8EntryNames {
  public:
    Utf8EntryNames()
        : utf8_(::newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr))) {}
    ~Utf8EntryNames() {
        if (utf8_ != nullptr) ::freelocale(utf8_);
    }
    Utf8EntryNames(const Utf8EntryNames&) = delete;
    Utf8EntryNames& operator=(const Utf8EntryNames&) = delete;

    /// What `read` returns, run under C.UTF-8.
    template <typename Read>
    auto under(Read read) const {
        if (utf8_ == nullptr) return read();
        const locale_t previous = ::uselocale(utf8_);
        struct Restore {
            locale_t previous;
            ~Restore() { ::uselocale(previous); }
        } restore{previous};
        return read();
    }

  private:
    locale_t utf8_;
};

// Entry names are stored as raw bytes in tar and usually as UTF-8 in zip (Utf8EntryNames);
// nullopt for a name that cannot be read even so.
std::optional<std::string> entry_name(archive_entry* entry) {
    if (const char* raw = archive_entry_pathname(entry)) return raw;
    if (const char* utf8 = archive_entry_pathname_utf8(entry)) return utf8;
    return std::nullopt;
}

std::string strip_dot_slash(std::string name) {
    while (name.starts_with("./")) name.erase(0, 2);
    return name;
}

// What is read at once of a split archive's volumes.
constexpr std::size_t kBlockSize = 1 << 16;

// The compression of `source`'s stream, by its first bytes.
Compression source_compression(const ArchiveSource& source) {
    if (source.volume_paths.empty()) return compression_of(source.bytes);
    std::ifstream first(source.volume_paths.front(), std::ios::binary);
    char head[8] = {};  // more than any compression's magic
    first.read(head, sizeof head);
    return compression_of(std::string_view(head, static_cast<std::size_t>(first.gcount())));
}

// libarchive's read callback over a DecompressedStream: its next bytes, 0 at its end. A
// stream that fails ends there too, its reason kept in the stream for read_archive: told
// "fatal", libarchive fails whatever asked, which while it opens the archive is a format's
// bid for more bytes than there are, and a cut archive of a few entries could not be opened.
la_ssize_t read_decompressed(archive* /*reader*/, void* client, const void** buffer) {
    auto& stream = *static_cast<DecompressedStream*>(client);
    std::span<const char> out;
    if (!stream.next(out)) return 0;
    *buffer = out.data();
    return static_cast<la_ssize_t>(out.size());
}

// Every container format libarchive reads but mtree: an mtree file is lines of text, and
// libarchive's mtree reader claims SGF text too (each line an entry that is no file), so that
// a compressed game record (.sgf.gz) was read as an empty archive, without a word.
void support_container_formats(archive* reader) {
    for (const auto support : {archive_read_support_format_7zip, archive_read_support_format_ar,
                               archive_read_support_format_cab, archive_read_support_format_cpio,
                               archive_read_support_format_empty,
                               archive_read_support_format_iso9660, archive_read_support_format_lha,
                               archive_read_support_format_rar, archive_read_support_format_rar5,
                               archive_read_support_format_tar, archive_read_support_format_warc,
                               archive_read_support_format_xar, archive_read_support_format_zip})
        support(reader);
    // Two tars joined (`cat a.tar.gz b.tar.gz`) are read to the second's end, as `tar -i`
    // reads them: without it, the second's entries were left unread without a word.
    archive_read_set_options(reader, "tar:read_concatenated_archives");
}

// Opens `source` for reading; false (with libarchive's error set) when it cannot be. A gzip
// or xz stream is decompressed by `stream`, made here, which must outlive the reader.
bool open_source(archive* reader, const ArchiveSource& source,
                 std::unique_ptr<DecompressedStream>& stream) {
    archive_read_support_filter_all(reader);
    support_container_formats(reader);
    // Raw is the format of last resort (every other format bids higher), so that a
    // compressed stream that holds no container is read as the one file it is.
    if (source.content == ContentKind::Compressed) archive_read_support_format_raw(reader);
    if (const Compression compression = source_compression(source);
        DecompressedStream::decodes(compression)) {
        stream =
            std::make_unique<DecompressedStream>(compression, source.volume_paths, source.bytes);
        return archive_read_open(reader, stream.get(), nullptr, read_decompressed, nullptr) ==
               ARCHIVE_OK;
    }
    if (source.volume_paths.empty())
        return archive_read_open_memory(reader, source.bytes.data(), source.bytes.size()) ==
               ARCHIVE_OK;
    std::vector<const char*> names;
    for (const std::string& path : source.volume_paths) names.push_back(path.c_str());
    names.push_back(nullptr);
    return archive_read_open_filenames(reader, names.data(), kBlockSize) == ARCHIVE_OK;
}

// libarchive's reason, or the decompressed stream's when it failed (libarchive may put its
// own "Truncated input file" over it), and for a split archive the volume that is presumably
// missing.
std::string damage_text(archive* a, const DecompressedStream* stream, const ArchiveSource& source) {
    std::string text =
        stream != nullptr && !stream->error().empty() ? stream->error() : error_text(a);
    if (source.volumes_after_gap)
        text += " (volume " + source.next_volume +
                " of this split archive is missing; the volumes after it cannot be read)";
    else if (!source.next_volume.empty())
        text += " (the data ends early: is volume " + source.next_volume + " missing?)";
    return text;
}

// The code of an archive that cannot be read to its end: for a split archive whose volumes
// are all there up to the last one present, its data ending early means a volume after it
// is missing.
diag::Code damage_code(const ArchiveSource& source) {
    return source.next_volume.empty() ? diag::Code::CorruptArchive
                                      : diag::Code::SplitArchiveIncomplete;
}

bool is_zip(archive* reader) {
    return (archive_format(reader) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP;
}

bool is_tar(archive* reader) {
    return (archive_format(reader) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_TAR;
}

// A reader of `source` whose next header is that of entry `skipped` + 1, or null when the
// entries before it cannot be passed (their headers are damaged too).
ArchivePtr reader_past(const ArchiveSource& source, int skipped) {
    ArchivePtr reader{archive_read_new()};
    std::unique_ptr<DecompressedStream> none;  // a zip is no gzip or xz stream
    if (!reader || !open_source(reader.get(), source, none)) return nullptr;
    for (int i = 0; i < skipped; ++i) {
        archive_entry* entry = nullptr;
        const int status = archive_read_next_header(reader.get(), &entry);
        if (status == ARCHIVE_FATAL || status == ARCHIVE_EOF) return nullptr;
    }
    return reader;
}

// Archives inside archives are read to this depth (a zip of yearly zips is 2); deeper ones,
// which only a crafted file holds (a zip that holds itself), are not.
constexpr int kMaxNesting = 4;

WalkControl read_container(const ArchiveSource& source, const std::string& display_path,
                           const InputVisitor& visit, const WalkOptions& options, int depth);

// An entry of an archive `depth` + 1 deep (`file`, its bytes read), as a file on disk is
// read: its content decides, so that an archive or a compressed file is read as one whatever
// its name; an entry `named_archive` whose content is none is SGF text misnamed, or an error.
WalkControl read_entry(InputFile&& file, bool named_archive, const InputVisitor& visit,
                       const WalkOptions& options, int depth) {
    const std::string_view head =
        std::string_view(file.bytes).substr(0, std::min(file.bytes.size(), kContentProbeBytes));
    const ContentKind content = content_kind(head);
    if (content == ContentKind::Other) {
        if (!named_archive || looks_like_sgf(head)) return visit(std::move(file));
        return visit(
            failure(file.display_path, diag::Code::NotAnArchive, std::string(kNotAnArchiveText)));
    }
    if (depth >= kMaxNesting) {
        return visit(failure(file.display_path, diag::Code::CannotRead,
                             "inside " + std::to_string(depth + 1) +
                                 " archives, deeper than josekic reads (" +
                                 std::to_string(kMaxNesting) + "); not read: extract it"));
    }
    // The inner reader reads from these bytes: they live until it is done.
    const InputFile archive = std::move(file);
    return read_container(ArchiveSource{{}, archive.bytes, content, {}}, archive.display_path,
                          visit, options, depth + 1);
}

WalkControl read_container(const ArchiveSource& source, const std::string& display_path,
                           const InputVisitor& visit, const WalkOptions& options, int depth) {
    // Declared first: the reader reads from it to its end.
    std::unique_ptr<DecompressedStream> stream;
    ArchivePtr reader{archive_read_new()};
    if (!reader)
        return visit(
            failure(display_path, diag::Code::CannotRead, "cannot allocate an archive reader"));
    if (!open_source(reader.get(), source, stream)) {
        // A 7z keeps its directory at its end: without its last volume it cannot be opened.
        return visit(
            failure(display_path,
                    source.next_volume.empty() ? diag::Code::CannotRead
                                               : diag::Code::SplitArchiveIncomplete,
                    "cannot open archive: " + damage_text(reader.get(), stream.get(), source)));
    }

    const Utf8EntryNames utf8_names;
    int ordinal = 0;
    std::int64_t archive_bytes_counted = 0;  // archive bytes already given to an entry
    for (;;) {
        archive_entry* entry = nullptr;
        const int status =
            utf8_names.under([&] { return archive_read_next_header(reader.get(), &entry); });
        if (status == ARCHIVE_EOF) break;
        ++ordinal;
        if (status == ARCHIVE_FATAL) {
            return visit(
                failure(display_path, damage_code(source),
                        "archive unreadable after " + std::to_string(ordinal - 1) +
                            " entries: " + damage_text(reader.get(), stream.get(), source)));
        }
        // ARCHIVE_WARN (e.g. an unknown header extension) still delivers a usable entry.
        // A raw stream is one compressed file: it is the archive itself, whatever its name.
        const bool whole_file = archive_format(reader.get()) == ARCHIVE_FORMAT_RAW;
        const std::optional<std::string> named =
            utf8_names.under([&] { return entry_name(entry); });
        if (!named) {
            // Not skipped without a word, as a file of another kind is: it may be a game.
            if (visit(failure(display_path + "/<entry " + std::to_string(ordinal) + ">",
                              diag::Code::CannotRead,
                              "the entry's name cannot be read (" + error_text(reader.get()) +
                                  "); not read: extract the archive")) == WalkControl::Stop)
                return WalkControl::Stop;
            continue;
        }
        const std::string name = strip_dot_slash(*named);
        const FileKind kind = classify_name(name);
        const bool nested = kind == FileKind::Archive || kind == FileKind::CompressedRecord;
        if (!whole_file && (archive_entry_filetype(entry) != AE_IFREG ||
                            (kind != FileKind::GameRecord && !nested))) {
            // A split archive's volumes are read through the first, on disk only.
            if (archive_entry_filetype(entry) == AE_IFREG &&
                (kind == FileKind::SplitArchive || kind == FileKind::SplitVolume)) {
                if (visit(failure(display_path + "/" + name, diag::Code::CannotRead,
                                  "a volume of a split archive inside an archive; not read: "
                                  "extract the volumes and give the first")) == WalkControl::Stop)
                    return WalkControl::Stop;
            }
            continue;  // archive_read_next_header skips the unread data
        }

        InputFile file;
        file.display_path = whole_file ? display_path : display_path + "/" + name;
        // The header's size is only a claim (a bomb may lie either way): reserve no more
        // than the limit, and count the bytes actually decompressed below.
        if (archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) > 0) {
            const auto claimed = static_cast<std::uint64_t>(archive_entry_size(entry));
            if (claimed > options.max_file_bytes) {
                if (visit(too_large(file.display_path, options.max_file_bytes, nested)) ==
                    WalkControl::Stop) {
                    return WalkControl::Stop;
                }
                continue;
            }
            file.bytes.reserve(static_cast<std::size_t>(claimed));
        }
        bool entry_failed = false;
        for (;;) {
            // Block by block: archive_read_data, which fills a buffer from several blocks,
            // returns the error of the last and drops the bytes it copied before it (a tar
            // entry whose padding is cut lost its whole data).
            const void* block = nullptr;
            std::size_t size = 0;
            la_int64_t offset = 0;
            const int n = archive_read_data_block(reader.get(), &block, &size, &offset);
            if (n == ARCHIVE_EOF) {
                // A sparse entry's hole at its end has no block: its zeros are added.
                if (archive_entry_sparse_count(entry) > 0 &&
                    archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) > 0 &&
                    static_cast<std::uint64_t>(archive_entry_size(entry)) > file.bytes.size() &&
                    static_cast<std::uint64_t>(archive_entry_size(entry)) <= options.max_file_bytes)
                    file.bytes.resize(static_cast<std::size_t>(archive_entry_size(entry)), '\0');
                break;
            }
            if (n == ARCHIVE_RETRY) continue;
            // ARCHIVE_WARN here is damaged data (a zip entry whose CRC does not match): its
            // bytes are not the game's, and are not read as if they were.
            if (n < 0) {
                const std::string why = damage_text(reader.get(), stream.get(), source);
                // A tar entry whose bytes all came, cut in the zeros that pad it to the next
                // 512-byte block: the entry is whole, and kept; the archive ends there.
                if (n == ARCHIVE_FATAL && is_tar(reader.get()) &&
                    archive_entry_size_is_set(entry) != 0 &&
                    file.bytes.size() == static_cast<std::uint64_t>(archive_entry_size(entry))) {
                    if (visit(std::move(file)) == WalkControl::Stop) return WalkControl::Stop;
                    return visit(failure(display_path, damage_code(source),
                                         "archive unreadable after " + std::to_string(ordinal) +
                                             " entries: " + why));
                }
                if (visit(failure(file.display_path, diag::Code::CannotRead,
                                  "cannot read archive entry: " + why)) == WalkControl::Stop) {
                    return WalkControl::Stop;
                }
                if (n == ARCHIVE_FATAL) {
                    // A zip lists its entries in a directory at its end: the entries after a
                    // damaged one are read by a fresh reader that skips to them.
                    ArchivePtr past = is_zip(reader.get()) ? reader_past(source, ordinal) : nullptr;
                    if (!past) {
                        return visit(failure(display_path, damage_code(source),
                                             "archive unreadable after " + std::to_string(ordinal) +
                                                 " entries: " + why));
                    }
                    reader = std::move(past);
                    archive_bytes_counted = archive_filter_bytes(reader.get(), -1);
                }
                entry_failed = true;
                break;
            }
            // A block past the end so far (a sparse tar entry's hole) leaves zeros before it.
            const std::size_t end =
                std::max(file.bytes.size(),
                         static_cast<std::size_t>(std::max<la_int64_t>(offset, 0))) +
                size;
            if (end > options.max_file_bytes) {
                // Stop decompressing now; archive_read_next_header skips the rest.
                if (visit(too_large(file.display_path, options.max_file_bytes, nested)) ==
                    WalkControl::Stop) {
                    return WalkControl::Stop;
                }
                entry_failed = true;
                break;
            }
            file.bytes.resize(end - size, '\0');
            file.bytes.append(static_cast<const char*>(block), size);
        }
        if (entry_failed) continue;
        // A single compressed record ends where its stream does: when that failed, it is read
        // as far as it goes, as a cut game file is (unless it is no game record but the start
        // of a cut container, which no format could claim). An entry of a container ended
        // where its header said: libarchive's read-ahead may have met the failure later on.
        if (whole_file && stream && !stream->error().empty()) {
            const std::string why = damage_text(reader.get(), stream.get(), source);
            if (looks_like_sgf(std::string_view(file.bytes).substr(0, 1 << 16))) {
                file.cut_short = diag::Diagnostic{display_path,
                                                  {},
                                                  diag::Severity::Error,
                                                  damage_code(source),
                                                  "read as far as it goes: " + why};
                return visit(std::move(file));
            }
            return visit(failure(display_path, damage_code(source), "cannot read: " + why));
        }
        // Filter -1 is the archive file itself: its bytes read so far, compressed (a
        // DecompressedStream hands libarchive bytes already decompressed).
        const std::int64_t archive_bytes_read =
            stream ? static_cast<std::int64_t>(stream->compressed_bytes_read())
                   : archive_filter_bytes(reader.get(), -1);
        if (archive_bytes_read > archive_bytes_counted) {
            file.disk_bytes =
                static_cast<std::uint64_t>(archive_bytes_read - archive_bytes_counted);
            archive_bytes_counted = archive_bytes_read;
        }
        const WalkControl next = whole_file
                                     ? visit(std::move(file))
                                     : read_entry(std::move(file), nested, visit, options, depth);
        if (next == WalkControl::Stop) return WalkControl::Stop;
    }
    // libarchive stops at the container's end: the stream's rest (a tar's padding, the
    // checksum at its end) is read too, so that a cut or damage there is not passed over.
    if (stream) {
        std::span<const char> rest;
        while (stream->next(rest) && !rest.empty()) {
        }
        if (!stream->error().empty()) {
            // A checksum is checked at the stream's end: the damage it finds may lie in the
            // entries already read.
            const bool cut = stream->error().starts_with("truncated");
            return visit(failure(display_path, damage_code(source),
                                 "archive unreadable after " + std::to_string(ordinal) +
                                     " entries: " + stream->error() +
                                     (cut || ordinal == 0 ? ""
                                                          : " (found at its end: the entries read "
                                                            "may be damaged too)")));
        }
    }
    return WalkControl::Continue;
}

}  // namespace

WalkControl read_archive(const ArchiveSource& source, const std::string& display_path,
                         const InputVisitor& visit, const WalkOptions& options) {
    return read_container(source, display_path, visit, options, 0);
}

}  // namespace josekic::input
