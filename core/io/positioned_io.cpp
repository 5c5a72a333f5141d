#include "core/io/positioned_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace josekic::io {

ReadResult read_at(int fd, std::uint64_t offset, std::span<std::byte> out) {
    ReadResult result;
    while (result.bytes < out.size()) {
        const ssize_t n = ::pread(fd, out.data() + result.bytes, out.size() - result.bytes,
                                  static_cast<off_t>(offset + result.bytes));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) result.error = errno;
        if (n <= 0) break;
        result.bytes += static_cast<std::size_t>(n);
    }
    return result;
}

int write_at(int fd, std::uint64_t offset, std::span<const std::byte> bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done,
                                   static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

}  // namespace josekic::io
