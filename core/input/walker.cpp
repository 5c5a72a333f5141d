#include "core/input/walker.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include "core/input/archive_reader.hpp"
#include "core/input/file_kinds.hpp"
#include "core/input/read_ahead.hpp"
#include "core/io/directory_listing.hpp"
#include "core/io/positioned_io.hpp"

namespace josekic::input {

namespace {

// emit::kSetsDirectory, which this layer cannot see.
constexpr std::string_view kJosekicSets = ".josekic";

InputFile failure(const std::string& display_path, diag::Severity severity, diag::Code code,
                  std::string message) {
    InputFile file;
    file.display_path = display_path;
    file.read_error = diag::Diagnostic{display_path, {}, severity, code, std::move(message)};
    return file;
}

std::string errno_text(int error) {
    return std::strerror(error);
}

// A command-line input that stat() failed on with `error`.
InputFile not_found(const std::string& path, int error) {
    if (error == ENOENT || error == ENOTDIR) {
        return failure(path, diag::Severity::Error, diag::Code::InputNotFound,
                       "no such file or directory");
    }
    return failure(path, diag::Severity::Error, diag::Code::CannotRead,
                   "cannot stat: " + errno_text(error));
}

InputFile too_large(const std::string& display_path, std::uint64_t limit) {
    return failure(display_path, diag::Severity::Error, diag::Code::FileTooLarge,
                   "larger than the limit of " + std::to_string(limit >> 20) +
                       " MiB for one file (" + std::to_string(limit) + " bytes); skipped");
}

// Reads the whole file open as `fd` with POSIX calls, so that the error text is errno's, and
// closes it. Only files named on the command line may be FIFOs (e.g. a shell's process
// substitution <(zcat x.sgf.gz)).
InputFile read_open_file(int fd, const std::string& display_path, const WalkOptions& options) {
    InputFile file;
    file.display_path = display_path;
    struct stat info {};
    // The size a regular file had when opened; -1 when unknown (a FIFO, or fstat failed).
    off_t expected = -1;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        if (static_cast<std::uint64_t>(info.st_size) > options.max_file_bytes) {
            ::close(fd);
            return too_large(display_path, options.max_file_bytes);
        }
        if (info.st_size > 0) file.bytes.reserve(static_cast<std::size_t>(info.st_size) + 1);
        expected = info.st_size;
    }
    // Read straight into the string: sized from fstat (plus one byte, so that the read that
    // sees the end of the file needs no second buffer), grown for FIFOs and growing files.
    std::size_t used = 0;
    file.bytes.resize(file.bytes.capacity() > 0 ? file.bytes.capacity() : std::size_t{1} << 16);
    for (;;) {
        if (used == file.bytes.size()) file.bytes.resize(file.bytes.size() * 2);
        const ssize_t n = ::read(fd, file.bytes.data() + used, file.bytes.size() - used);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int error = errno;
            ::close(fd);
            return failure(display_path, diag::Severity::Error, diag::Code::CannotRead,
                           "cannot read: " + errno_text(error));
        }
        used += static_cast<std::size_t>(n);
        // A file that grows while it is read is held to the same limit.
        if (used > options.max_file_bytes) {
            ::close(fd);
            return too_large(display_path, options.max_file_bytes);
        }
        // A read that stopped short at exactly the size fstat gave is the end of the file:
        // no need for one more read to hear so (one system call less per game record). A
        // file that grew meanwhile fills the spare byte, and the loop reads on.
        if (static_cast<off_t>(used) == expected && used < file.bytes.size()) break;
    }
    file.bytes.resize(used);
    file.disk_bytes = used;
    ::close(fd);
    return file;
}

// Opens and reads `path`, relative to the directory open as `dir_fd` (or to the working
// directory when dir_fd is AT_FDCWD).
InputFile read_file(int dir_fd, const char* path, const std::string& display_path,
                    const WalkOptions& options) {
    const int fd = ::openat(dir_fd, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return failure(display_path, diag::Severity::Error, diag::Code::CannotRead,
                       "cannot open: " + errno_text(errno));
    return read_open_file(fd, display_path, options);
}

std::string join(const std::string& dir, const std::string& name) {
    if (dir.empty() || dir.back() == '/') return dir + name;
    return dir + "/" + name;
}

// The first bytes of the file open as `fd` (fewer for a short file), read without moving
// its offset.
std::string read_head(int fd) {
    std::string head(kContentProbeBytes, '\0');
    head.resize(io::read_at(fd, 0, std::as_writable_bytes(std::span(head))).bytes);
    return head;
}

// The volume numbers present beside `first_volume` (a path ending in ".001"), sorted.
std::vector<int> volumes_present(const std::string& first_volume, const SplitName& split) {
    const std::size_t slash = first_volume.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : first_volume.substr(0, slash + 1);
    const std::string archive_name =
        slash == std::string::npos ? split.archive : split.archive.substr(slash + 1);
    std::vector<int> volumes;
    for (const io::DirectoryEntry& entry : io::list_directory(dir).entries) {
        const SplitName other = split_name(entry.name);
        if (other.volume != 0 && other.archive == archive_name) volumes.push_back(other.volume);
    }
    std::sort(volumes.begin(), volumes.end());
    return volumes;
}

// A directory entry, its type as readdir() gives it (DT_UNKNOWN when the file system does
// not say) and what its name makes of it (classified once: the read-ahead and the walk both ask).
struct Entry {
    std::string name;
    unsigned char type = DT_UNKNOWN;
    FileKind kind = FileKind::Other;
};

class Walker {
  public:
    Walker(const InputVisitor& visit, const WalkOptions& options)
        : visit_(visit), options_(options) {}

    WalkControl top_level(const std::string& path) {
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0) return visit_(not_found(path, errno));
        if (S_ISDIR(info.st_mode)) return directory(path, info);
        switch (classify_name(path)) {
            case FileKind::Archive:
            case FileKind::CompressedRecord:
                return archive_file(AT_FDCWD, path.c_str(), path);
            case FileKind::SplitArchive:
                return split_archive(path);
            case FileKind::SplitVolume:
                return visit_(failure(path, diag::Severity::Error, diag::Code::SplitArchiveVolume,
                                      "a later volume of a split archive, read through its "
                                      "first volume " +
                                          volume_name(split_name(path).archive, 1) +
                                          "; name that one"));
            case FileKind::GameRecord:
            case FileKind::Other:
                break;
        }
        return game_record(read_file(AT_FDCWD, path.c_str(), path, options_));
    }

  private:
    // A file read as a game record, unless its content says it is an archive or a
    // compressed file (a .sgf that is really a zip): it is then read as one, from memory.
    WalkControl game_record(InputFile&& file) {
        if (file.read_error) return visit_(std::move(file));
        const std::string_view head =
            std::string_view(file.bytes).substr(0, std::min(file.bytes.size(), kContentProbeBytes));
        const ContentKind content = content_kind(head);
        if (content == ContentKind::Other) return visit_(std::move(file));
        const InputFile archive = std::move(file);
        return read_archive(ArchiveSource{{}, archive.bytes, content, {}}, archive.display_path,
                            visit_, options_);
    }

    // A file named like an archive or a compressed record. Its first bytes decide: an
    // archive is read through libarchive; SGF text misnamed is read as a game record;
    // anything else is an error that says what the file is not.
    WalkControl archive_file(int dir_fd, const char* path, const std::string& display_path) {
        const int fd = ::openat(dir_fd, path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            return visit_(failure(display_path, diag::Severity::Error, diag::Code::CannotRead,
                                  "cannot open: " + errno_text(errno)));
        }
        const std::string head = read_head(fd);
        const ContentKind content = content_kind(head);
        if (content != ContentKind::Other) {
            ::close(fd);
            return read_archive(ArchiveSource{{display_path}, {}, content, {}}, display_path,
                                visit_, options_);
        }
        if (!looks_like_sgf(head)) {
            ::close(fd);
            return visit_(failure(display_path, diag::Severity::Error, diag::Code::NotAnArchive,
                                  std::string(kNotAnArchiveText)));
        }
        return visit_(read_open_file(fd, display_path, options_));
    }

    // The first volume of a split archive: its volumes are read as one stream, up to the
    // first one missing (the entries before it are kept, as in a cut archive; the error names
    // that volume, and those after it cannot be read without it).
    WalkControl split_archive(const std::string& first_volume) {
        const SplitName split = split_name(first_volume);
        const std::vector<int> present = volumes_present(first_volume, split);
        std::vector<std::string> paths;
        for (int volume = 1; volume <= (present.empty() ? 1 : present.back()); ++volume) {
            if (!std::binary_search(present.begin(), present.end(), volume)) break;
            paths.push_back(volume_name(split.archive, volume));
        }
        const int fd = ::open(first_volume.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            return visit_(failure(first_volume, diag::Severity::Error, diag::Code::CannotRead,
                                  "cannot open: " + errno_text(errno)));
        }
        const ContentKind content = content_kind(read_head(fd));
        ::close(fd);
        if (content == ContentKind::Other) {
            return visit_(failure(first_volume, diag::Severity::Error, diag::Code::NotAnArchive,
                                  "named like the first volume of a split archive, but its "
                                  "content does not start like an archive; not read"));
        }
        const int next_number = static_cast<int>(paths.size()) + 1;
        const bool gap = !present.empty() && next_number < present.back();
        const std::string next = volume_name(split.archive, next_number);
        return read_archive(ArchiveSource{std::move(paths), {}, content, next, gap}, first_volume,
                            visit_, options_);
    }

    // A directory open while its entries are visited, so that files are opened by their
    // name relative to it (the kernel looks up one path component instead of the whole
    // path for every game record). It is closed while the walk is inside a subdirectory,
    // so that a deep tree does not hold one descriptor per level, and reopened after.
    class OpenDirectory {
      public:
        explicit OpenDirectory(const std::string& path) : path_(path) {}
        OpenDirectory(const OpenDirectory&) = delete;
        OpenDirectory& operator=(const OpenDirectory&) = delete;
        ~OpenDirectory() { close(); }

        /// The directory's descriptor, opened again if need be; -1 if it cannot be.
        int fd() {
            if (fd_ < 0 && !failed_) {
                fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                failed_ = fd_ < 0;
            }
            return fd_;
        }
        /// The descriptor to open `name` against, and the name to pass: the directory and
        /// the bare name, or, if it cannot be opened again, AT_FDCWD and the full path.
        std::pair<int, const char*> locate(const std::string& name, const std::string& full_path) {
            return fd() >= 0 ? std::pair{fd_, name.c_str()}
                             : std::pair{AT_FDCWD, full_path.c_str()};
        }
        void close() {
            if (fd_ >= 0) ::close(fd_);
            fd_ = -1;
        }

      private:
        const std::string& path_;
        int fd_ = -1;
        bool failed_ = false;
    };

    WalkControl directory(const std::string& path, const struct stat& info) {
        // Identity by device and inode catches symlink loops and directories linked twice,
        // whatever the spelling of the path that reaches them.
        if (!visited_.insert({info.st_dev, info.st_ino}).second) {
            return visit_(failure(
                path, diag::Severity::Warning, diag::Code::DirectoryRepeated,
                "directory already read (a symlink loop or a second link); not read again"));
        }
        io::DirectoryListing listing = io::list_directory(path);
        if (listing.open_error != 0) {
            return visit_(failure(path, diag::Severity::Error, diag::Code::CannotRead,
                                  "cannot open directory: " + errno_text(listing.open_error)));
        }
        std::vector<Entry> entries;
        entries.reserve(listing.entries.size());
        for (io::DirectoryEntry& entry : listing.entries) {
            const FileKind kind = classify_name(entry.name);
            entries.push_back(Entry{std::move(entry.name), entry.type, kind});
        }
        if (listing.read_error != 0) {
            if (visit_(failure(path, diag::Severity::Error, diag::Code::CannotRead,
                               "error while listing directory: " +
                                   errno_text(listing.read_error))) == WalkControl::Stop) {
                return WalkControl::Stop;
            }
        }
        // std::string compares as unsigned bytes (char_traits<char>::lt), so the order is
        // the same on every machine and in every locale.
        std::sort(entries.begin(), entries.end(),
                  [](const Entry& a, const Entry& b) { return a.name < b.name; });

        OpenDirectory here(path);
        ReadAhead ahead;
        std::size_t next_ahead = 0;  // the first entry not yet considered for reading ahead
        for (std::size_t position = 0; position < entries.size(); ++position) {
            const auto& [name, type, kind] = entries[position];
            // The sets of a dictionary compiled into this directory (emit/output_set.hpp):
            // josekic's own files, never game records.
            if (name == kJosekicSets) continue;
            for (; next_ahead < entries.size() && next_ahead <= position + ReadAhead::kDepth;
                 ++next_ahead) {
                if (next_ahead == position) continue;  // read now, below
                const Entry& later = entries[next_ahead];
                if (later.type != DT_REG || later.kind != FileKind::GameRecord) continue;
                if (const int dir_fd = here.fd(); dir_fd >= 0)
                    ahead.start(next_ahead, dir_fd, later.name.c_str());
            }
            // A regular file needs no stat() when the directory says what it is (most file
            // systems do): one path lookup less per game record, and none for other files.
            const bool known_regular = type == DT_REG;
            if (known_regular && (kind == FileKind::Other || kind == FileKind::SplitVolume))
                continue;
            const std::string child = join(path, name);
            struct stat child_info {};
            const auto [dir_fd, relative] = here.locate(name, child);
            if (!known_regular && ::fstatat(dir_fd, relative, &child_info, 0) != 0) {
                const int error = errno;
                // A dangling symlink to something that is not a game record is not worth a word.
                if (kind == FileKind::Other) continue;
                if (visit_(failure(child, diag::Severity::Error, diag::Code::CannotRead,
                                   "cannot stat: " + errno_text(error))) == WalkControl::Stop) {
                    return WalkControl::Stop;
                }
                continue;
            }
            WalkControl control = WalkControl::Continue;
            if (!known_regular && S_ISDIR(child_info.st_mode)) {
                here.close();
                ahead.drop_all();
                control = directory(child, child_info);
                next_ahead = position + 1;
            } else if (known_regular || S_ISREG(child_info.st_mode)) {
                switch (kind) {
                    case FileKind::GameRecord: {
                        const int opened = ahead.take(position);
                        control =
                            game_record(opened >= 0 ? read_open_file(opened, child, options_)
                                                    : read_file(dir_fd, relative, child, options_));
                        break;
                    }
                    case FileKind::Archive:
                    case FileKind::CompressedRecord:
                        control = archive_file(dir_fd, relative, child);
                        break;
                    case FileKind::SplitArchive:
                        control = split_archive(child);
                        break;
                    case FileKind::SplitVolume:  // read through the first volume
                    case FileKind::Other:
                        break;
                }
            } else if (kind != FileKind::Other && kind != FileKind::SplitVolume) {
                // A FIFO or device named like a game record is named in the report, never opened.
                control = visit_(not_regular(child));
            }
            if (control == WalkControl::Stop) return WalkControl::Stop;
        }
        return WalkControl::Continue;
    }

    static InputFile not_regular(const std::string& path) {
        return failure(path, diag::Severity::Error, diag::Code::NotARegularFile,
                       "not a regular file (a FIFO, socket or device); not read");
    }

    const InputVisitor& visit_;
    const WalkOptions& options_;
    std::set<std::pair<dev_t, ino_t>> visited_;
};

}  // namespace

void walk_inputs(const std::vector<std::string>& inputs, const InputVisitor& visit,
                 const WalkOptions& options) {
    Walker walker{visit, options};
    for (const std::string& input : inputs) {
        if (walker.top_level(input) == WalkControl::Stop) return;
    }
}

std::vector<std::string> sorted_inputs(std::vector<std::string> inputs) {
    // std::filesystem::path compares component by component, each as a string of bytes.
    std::stable_sort(inputs.begin(), inputs.end(), [](const std::string& a, const std::string& b) {
        return std::filesystem::path(a) < std::filesystem::path(b);
    });
    return inputs;
}

std::vector<diag::Diagnostic> check_inputs(const std::vector<std::string>& inputs) {
    std::vector<diag::Diagnostic> problems;
    for (const std::string& input : inputs) {
        struct stat info {};
        if (::stat(input.c_str(), &info) != 0) {
            problems.push_back(*not_found(input, errno).read_error);
            continue;
        }
        const int wanted = S_ISDIR(info.st_mode) ? R_OK | X_OK : R_OK;
        if (::access(input.c_str(), wanted) != 0) {
            problems.push_back(*failure(input, diag::Severity::Error, diag::Code::CannotRead,
                                        "cannot read: " + errno_text(errno))
                                    .read_error);
        }
    }
    return problems;
}

std::string input_replaced_by(const std::string& path, const std::vector<std::string>& inputs) {
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0 || !S_ISREG(target.st_mode)) return {};
    const bool read_in_a_directory = classify_name(path) != FileKind::Other;
    std::error_code error;
    const std::filesystem::path canonical_path = std::filesystem::canonical(path, error);
    for (const std::string& input : inputs) {
        struct stat info {};
        if (::stat(input.c_str(), &info) != 0) continue;
        if (info.st_dev == target.st_dev && info.st_ino == target.st_ino) return input;
        if (!S_ISDIR(info.st_mode) || !read_in_a_directory || error) continue;
        std::error_code input_error;
        const std::filesystem::path directory = std::filesystem::canonical(input, input_error);
        if (input_error) continue;
        // Under the directory: its path is a prefix of the file's, component by component.
        const auto [in_dir, in_path] = std::mismatch(directory.begin(), directory.end(),
                                                     canonical_path.begin(), canonical_path.end());
        if (in_dir == directory.end()) return input;
    }
    return {};
}

}  // namespace josekic::input
