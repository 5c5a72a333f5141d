#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace josekic::index {

/// Bytes appended one record after another into an unnamed temporary file (key_spill.hpp's
/// emit::open_unnamed_file), then read back in pieces: the merge games of a compile
/// (merge_log.hpp), which grow with the collection and would otherwise stay in memory until the
/// index is written.
class ByteLog {
  public:
    /// Throws std::runtime_error naming `directory` when no file can be made there.
    explicit ByteLog(const std::filesystem::path& directory);
    ~ByteLog();
    ByteLog(const ByteLog&) = delete;
    ByteLog& operator=(const ByteLog&) = delete;

    void append(std::span<const std::byte> bytes);
    /// Bytes appended so far.
    std::uint64_t size() const { return written_ + buffer_.size(); }
    /// Calls `put(piece)` for the bytes appended, in order, in pieces of about 1 MiB.
    /// Throws std::runtime_error when the file cannot be read.
    template <class Put>
    void for_each_piece(Put&& put) {
        flush();
        std::vector<std::byte> piece;
        for (std::uint64_t at = 0; at < written_; at += kBufferBytes) {
            read(at, static_cast<std::size_t>(std::min<std::uint64_t>(kBufferBytes, written_ - at)),
                 piece);
            put(std::span<const std::byte>(piece));
        }
    }

  private:
    static constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
    void flush();
    void read(std::uint64_t at, std::size_t count, std::vector<std::byte>& out) const;
    [[noreturn]] void fail(const char* what, int error) const;

    std::filesystem::path directory_;
    int fd_ = -1;
    std::vector<std::byte> buffer_;
    std::uint64_t written_ = 0;  // bytes in the file
};

}  // namespace josekic::index
