#include "emit/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace josekic::emit {
namespace {

[[noreturn]] void fail(const std::filesystem::path& target, std::string_view what, int error) {
    throw std::runtime_error("cannot write " + target.string() + ": " + std::string(what) + ": " +
                             std::strerror(error));
}

// The process's umask without changing it: umask(2) can only be read by setting it, which
// would race with other threads creating files. Linux reports it in /proc/self/status.
mode_t current_umask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
    }
    return 022;
}

// Removes the temporary file unless it was renamed into place, so that no failure path
// (including an exception thrown further down) leaves debris next to the target.
class TemporaryFile {
public:
    explicit TemporaryFile(const std::filesystem::path& target) {
        const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
        std::string pattern = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        fd_ = ::mkstemp(name.data());
        if (fd_ < 0) fail(target, "cannot create a temporary file in " + dir.string(), errno);
        path_ = name.data();
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    ~TemporaryFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!committed_) ::unlink(path_.c_str());
    }

    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    /// Closes the descriptor, reporting the error close() may deliver (NFS, quotas).
    int close() {
        const int rc = ::close(fd_);
        fd_ = -1;
        return rc;
    }
    void committed() { committed_ = true; }

private:
    int fd_ = -1;
    std::string path_;
    bool committed_ = false;
};

}  // namespace

void write_file_atomically(const std::filesystem::path& target, std::string_view contents) {
    TemporaryFile temp(target);
    // mkstemp creates the file 0600; a dictionary is an ordinary document, so give it the
    // permissions a plain open() would (0666 minus the umask).
    const mode_t mask = current_umask();
    if (::fchmod(temp.fd(), static_cast<mode_t>(0666 & ~mask)) != 0) fail(target, "chmod", errno);

    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t written = ::write(temp.fd(), data, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            fail(target, "write", errno);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    if (::fsync(temp.fd()) != 0) fail(target, "fsync", errno);
    if (temp.close() != 0) fail(target, "close", errno);
    if (::rename(temp.path().c_str(), target.c_str()) != 0) fail(target, "rename", errno);
    temp.committed();

    // Make the rename itself durable; a failure here cannot lose the new contents any more,
    // so it is not worth failing the whole run over.
    const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
}

}  // namespace josekic::emit
