#include "index/key_spill.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/io/positioned_io.hpp"
#include "emit/atomic_file.hpp"

namespace josekic::index {

KeySpill::KeySpill(const std::filesystem::path& directory)
    : directory_(directory.empty() ? std::filesystem::path(".") : directory) {
    fd_ = emit::open_unnamed_file(directory_);
    if (fd_ < 0) fail("cannot make a temporary file", errno);
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
    const int error =
        io::write_at(fd_, written_ * sizeof(std::uint64_t), std::as_bytes(std::span(buffer_)));
    if (error != 0) fail("cannot write a temporary file", error);
    written_ += buffer_.size();
    buffer_.clear();
}

void KeySpill::read(std::size_t first, std::size_t count, std::vector<std::uint64_t>& keys) const {
    keys.resize(count);
    const io::ReadResult got =
        io::read_at(fd_, first * sizeof(std::uint64_t), std::as_writable_bytes(std::span(keys)));
    if (got.bytes != count * sizeof(std::uint64_t))
        fail("cannot read back a temporary file", got.error);  // error 0: it ends too soon
}

void KeySpill::fail(const char* what, int error) const {
    throw std::runtime_error("index: " + std::string(what) + " in " + directory_.string() + ": " +
                             (error != 0 ? std::strerror(error) : "it ends too soon"));
}

}  // namespace josekic::index
