#include "compiler/input/walker.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

#include "compiler/input/archive_reader.hpp"
#include "compiler/input/file_kinds.hpp"

namespace josekic::input {

namespace {

InputFile failure(const std::string& display_path, diag::Severity severity, std::string_view code,
                  std::string message) {
    InputFile file;
    file.display_path = display_path;
    file.read_error = diag::Diagnostic{display_path, {}, severity, std::string(code), std::move(message)};
    return file;
}

std::string errno_text(int error) { return std::strerror(error); }

InputFile too_large(const std::string& display_path, std::uint64_t limit) {
    return failure(display_path, diag::Severity::Error, "file-too-large",
                   "larger than the limit of " + std::to_string(limit >> 20) + " MiB for one file (" +
                       std::to_string(limit) + " bytes); skipped");
}

// Reads a whole file with POSIX calls so that the error text is errno's. Only files named
// on the command line may be FIFOs (e.g. a shell's process substitution <(zcat x.sgf.gz)).
InputFile read_file(const std::string& path, const std::string& display_path, const WalkOptions& options) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return failure(display_path, diag::Severity::Error, "cannot-read", "cannot open: " + errno_text(errno));
    InputFile file;
    file.display_path = display_path;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        if (static_cast<std::uint64_t>(info.st_size) > options.max_file_bytes) {
            ::close(fd);
            return too_large(display_path, options.max_file_bytes);
        }
        if (info.st_size > 0) file.bytes.reserve(static_cast<std::size_t>(info.st_size));
    }
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int error = errno;
            ::close(fd);
            return failure(display_path, diag::Severity::Error, "cannot-read", "cannot read: " + errno_text(error));
        }
        // A file that grows while it is read is held to the same limit.
        if (file.bytes.size() + static_cast<std::size_t>(n) > options.max_file_bytes) {
            ::close(fd);
            return too_large(display_path, options.max_file_bytes);
        }
        file.bytes.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return file;
}

std::string join(const std::string& dir, const std::string& name) {
    if (dir.empty() || dir.back() == '/') return dir + name;
    return dir + "/" + name;
}

class Walker {
public:
    Walker(const InputVisitor& visit, const WalkOptions& options) : visit_(visit), options_(options) {}

    WalkControl top_level(const std::string& path) {
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0) {
            const int error = errno;
            if (error == ENOENT || error == ENOTDIR) {
                return visit_(failure(path, diag::Severity::Error, "input-not-found", "no such file or directory"));
            }
            return visit_(failure(path, diag::Severity::Error, "cannot-read", "cannot stat: " + errno_text(error)));
        }
        if (S_ISDIR(info.st_mode)) return directory(path, info);
        if (classify_name(path) == FileKind::Archive) return read_archive(path, path, visit_, options_);
        return visit_(read_file(path, path, options_));
    }

private:
    WalkControl directory(const std::string& path, const struct stat& info) {
        // Identity by device and inode catches symlink loops and directories linked twice,
        // whatever the spelling of the path that reaches them.
        if (!visited_.insert({info.st_dev, info.st_ino}).second) {
            return visit_(failure(path, diag::Severity::Warning, "directory-repeated",
                                  "directory already read (a symlink loop or a second link); not read again"));
        }
        DIR* handle = ::opendir(path.c_str());
        if (handle == nullptr) {
            return visit_(failure(path, diag::Severity::Error, "cannot-read", "cannot open directory: " + errno_text(errno)));
        }
        std::vector<std::string> names;
        errno = 0;
        while (const dirent* entry = ::readdir(handle)) {
            const std::string_view name = entry->d_name;
            if (name != "." && name != "..") names.emplace_back(name);
        }
        const int read_error = errno;
        ::closedir(handle);
        if (read_error != 0) {
            if (visit_(failure(path, diag::Severity::Error, "cannot-read",
                               "error while listing directory: " + errno_text(read_error))) == WalkControl::Stop) {
                return WalkControl::Stop;
            }
        }
        // std::string compares as unsigned bytes (char_traits<char>::lt), so the order is
        // the same on every machine and in every locale.
        std::sort(names.begin(), names.end());

        for (const std::string& name : names) {
            const std::string child = join(path, name);
            struct stat child_info {};
            if (::stat(child.c_str(), &child_info) != 0) {
                const int error = errno;
                // A dangling symlink to something that is not a game record is not worth a word.
                if (classify_name(name) == FileKind::Other) continue;
                if (visit_(failure(child, diag::Severity::Error, "cannot-read", "cannot stat: " + errno_text(error))) ==
                    WalkControl::Stop) {
                    return WalkControl::Stop;
                }
                continue;
            }
            WalkControl control = WalkControl::Continue;
            if (S_ISDIR(child_info.st_mode)) {
                control = directory(child, child_info);
            } else if (S_ISREG(child_info.st_mode)) {
                switch (classify_name(name)) {
                    case FileKind::GameRecord: control = visit_(read_file(child, child, options_)); break;
                    case FileKind::Archive: control = read_archive(child, child, visit_, options_); break;
                    case FileKind::Other: break;
                }
            } else if (classify_name(name) != FileKind::Other) {
                // A FIFO or device named like a game record is named in the report, never opened.
                control = visit_(not_regular(child));
            }
            if (control == WalkControl::Stop) return WalkControl::Stop;
        }
        return WalkControl::Continue;
    }

    static InputFile not_regular(const std::string& path) {
        return failure(path, diag::Severity::Error, "not-a-regular-file",
                       "not a regular file (a FIFO, socket or device); not read");
    }

    const InputVisitor& visit_;
    const WalkOptions& options_;
    std::set<std::pair<dev_t, ino_t>> visited_;
};

}  // namespace

void walk_inputs(const std::vector<std::string>& inputs, const InputVisitor& visit, const WalkOptions& options) {
    Walker walker{visit, options};
    for (const std::string& input : inputs) {
        if (walker.top_level(input) == WalkControl::Stop) return;
    }
}

}  // namespace josekic::input
