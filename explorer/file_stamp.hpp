#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <optional>
#include <string>

namespace josekic::explorer {

/// What tells the explorer's caches that a file they kept something of was written again:
/// its size and modification time.
struct FileStamp {
    std::uint64_t size = 0;
    std::int64_t modified_ns = 0;

    static FileStamp of(const struct stat& st) {
        return {static_cast<std::uint64_t>(st.st_size),
                std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec};
    }
    /// The stamp of the regular file at `path`; nullopt for anything else or nothing.
    static std::optional<FileStamp> of_path(const std::string& path) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
        return of(st);
    }
    friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

}  // namespace josekic::explorer
