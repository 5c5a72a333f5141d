#include "index/key_spill.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace josekic::index {

namespace {

// A file in `directory` that has no name: O_TMPFILE where the file system has it, else a
// named one unlinked at once.
int open_unnamed(const std::filesystem::path& directory) {
    const int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
    std::string path = (directory / ".josekic-keys-XXXXXX").string();
    const int named = ::mkostemp(path.data(), O_CLOEXEC);
    if (named >= 0) ::unlink(path.c_str());
    return named;
}

}  // namespace

KeySpill::KeySpill(const std::filesystem::path& directory)
    : directory_(directory.empty() ? std::filesystem::path(".") : directory) {
    fd_ = open_unnamed(directory_);
    if (fd_ < 0) fail("cannot make a temporary file");
    buffer_.reserve(kBufferKeys);
}

KeySpill::~KeySpill() {
    if (fd_ >= 0) ::close(fd_);
}

void KeySpill::end_tree(std::size_t tree) {
    if (tree != trees_ended_ || tree > 1) throw std::logic_error("KeySpill: trees out of order");
    sizes_[tree] = written_ + buffer_.size() - (tree == 1 ? sizes_[0] : 0);
    ++trees_ended_;
    if (trees_ended_ == 2) {
        flush();
        std::vector<std::uint64_t>().swap(buffer_);
    }
}

void KeySpill::flush() {
    const auto* data = reinterpret_cast<const char*>(buffer_.data());
    std::size_t left = buffer_.size() * sizeof(std::uint64_t);
    auto offset = static_cast<off_t>(written_ * sizeof(std::uint64_t));
    while (left > 0) {
        const ssize_t n = ::pwrite(fd_, data, left, offset);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("cannot write a temporary file");
        }
        data += n;
        offset += n;
        left -= static_cast<std::size_t>(n);
    }
    written_ += buffer_.size();
    buffer_.clear();
}

void KeySpill::read(std::size_t first, std::size_t count, std::vector<std::uint64_t>& keys) const {
    keys.resize(count);
    auto* data = reinterpret_cast<char*>(keys.data());
    std::size_t left = count * sizeof(std::uint64_t);
    auto offset = static_cast<off_t>(first * sizeof(std::uint64_t));
    while (left > 0) {
        const ssize_t n = ::pread(fd_, data, left, offset);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = 0;  // cut short: the file lost its end
        if (n <= 0) fail("cannot read back a temporary file");
        data += n;
        offset += n;
        left -= static_cast<std::size_t>(n);
    }
}

void KeySpill::fail(const char* what) const {
    const int error = errno;
    throw std::runtime_error("index: " + std::string(what) + " in " + directory_.string() + ": " +
                             (error != 0 ? std::strerror(error) : "it ends too soon"));
}

}  // namespace josekic::index
