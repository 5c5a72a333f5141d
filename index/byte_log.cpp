#include "index/byte_log.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/io/positioned_io.hpp"
#include "emit/atomic_file.hpp"

namespace josekic::index {

ByteLog::ByteLog(const std::filesystem::path& directory)
    : directory_(directory.empty() ? std::filesystem::path(".") : directory) {
    fd_ = emit::open_unnamed_file(directory_);
    if (fd_ < 0) fail("cannot make a temporary file", errno);
    buffer_.reserve(kBufferBytes);
}

ByteLog::~ByteLog() {
    if (fd_ >= 0) ::close(fd_);
}

void ByteLog::append(std::span<const std::byte> bytes) {
    if (buffer_.size() + bytes.size() > kBufferBytes) flush();
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
}

void ByteLog::flush() {
    if (buffer_.empty()) return;
    const int error = io::write_at(fd_, written_, buffer_);
    if (error != 0) fail("cannot write a temporary file", error);
    written_ += buffer_.size();
    buffer_.clear();
}

void ByteLog::read(std::uint64_t at, std::size_t count, std::vector<std::byte>& out) const {
    out.resize(count);
    const io::ReadResult got = io::read_at(fd_, at, out);
    if (got.bytes != count) fail("cannot read back a temporary file", got.error);
}

void ByteLog::fail(const char* what, int error) const {
    throw std::runtime_error("merge log: " + std::string(what) + " in " + directory_.string() +
                             ": " + (error != 0 ? std::strerror(error) : "it ends too soon"));
}

}  // namespace josekic::index
