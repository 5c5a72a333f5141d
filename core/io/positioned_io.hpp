#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace josekic::io {

/// What a positioned read got: the bytes read before the end of the file or an error, and
/// that error (an errno value; 0 for none).
struct ReadResult {
    std::size_t bytes = 0;
    int error = 0;
};

/// Reads `out.size()` bytes of `fd` from `offset` on, through short reads and EINTR, without
/// moving the file's offset. Fewer only at the end of the file or at an error.
ReadResult read_at(int fd, std::uint64_t offset, std::span<std::byte> out);

/// Writes all of `bytes` to `fd` from `offset` on, through short writes and EINTR, without
/// moving the file's offset. Returns 0, or the errno of the write that failed.
int write_at(int fd, std::uint64_t offset, std::span<const std::byte> bytes);

}  // namespace josekic::io
