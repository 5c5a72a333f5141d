#include "core/input/walker.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <set>
#include <utility>

#include "core/input/archive_reader.hpp"
#include "core/input/file_kinds.hpp"
#include "core/input/read_ahead.hpp"

namespace josekic::input {

namespace {

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
        if (::stat(path.c_str(), &info) != 0) {
            const int error = errno;
            if (error == ENOENT || error == ENOTDIR) {
                return visit_(failure(path, diag::Severity::Error, diag::Code::InputNotFound,
                                      "no such file or directory"));
            }
            return visit_(failure(path, diag::Severity::Error, diag::Code::CannotRead,
                                  "cannot stat: " + errno_text(error)));
        }
        if (S_ISDIR(info.st_mode)) return directory(path, info);
        if (classify_name(path) == FileKind::Archive)
            return read_archive(path, path, visit_, options_);
        return visit_(read_file(AT_FDCWD, path.c_str(), path, options_));
    }

  private:
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
        DIR* handle = ::opendir(path.c_str());
        if (handle == nullptr) {
            return visit_(failure(path, diag::Severity::Error, diag::Code::CannotRead,
                                  "cannot open directory: " + errno_text(errno)));
        }
        std::vector<Entry> entries;
        errno = 0;
        while (const dirent* entry = ::readdir(handle)) {
            const std::string_view name = entry->d_name;
            if (name != "." && name != "..")
                entries.push_back(Entry{std::string(name), entry->d_type, classify_name(name)});
        }
        const int read_error = errno;
        ::closedir(handle);
        if (read_error != 0) {
            if (visit_(failure(path, diag::Severity::Error, diag::Code::CannotRead,
                               "error while listing directory: " + errno_text(read_error))) ==
                WalkControl::Stop) {
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
            if (known_regular && kind == FileKind::Other) continue;
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
                            visit_(opened >= 0 ? read_open_file(opened, child, options_)
                                               : read_file(dir_fd, relative, child, options_));
                        break;
                    }
                    case FileKind::Archive:
                        control = read_archive(child, child, visit_, options_);
                        break;
                    case FileKind::Other:
                        break;
                }
            } else if (kind != FileKind::Other) {
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

}  // namespace josekic::input
