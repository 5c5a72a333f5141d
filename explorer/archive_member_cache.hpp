#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace josekic::explorer {

/// The members of archives the explorer opened games from, as they were read, so that the
/// next game asked of an archive is not decompressed again. A compressed tar or a solid 7z
/// can only be read from its start: a game near the end of fox-28k.tar.xz (61 MB of tar) took
/// 0.4-0.7 s a request, each time.
///
/// Every member a reading of an archive passes is kept, up to kMaxBytes in all (fewer when
/// constructed so): an archive within the bound is decompressed once, a larger one is read
/// again for the members beyond it. An archive whose size or modification time changed is
/// given up. The archive kept longest is given up first when another needs the room.
/// Thread-safe.
class ArchiveMemberCache {
  public:
    static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;

    explicit ArchiveMemberCache(std::size_t max_bytes = kMaxBytes) : max_bytes_(max_bytes) {}

    using Bytes = std::shared_ptr<const std::string>;

    /// The bytes of each member named `member` (its display path, "a.tar.xz/x/a.sgf") of
    /// `archive` that a reading kept, in archive order; empty when none is kept or the
    /// archive changed since.
    std::vector<Bytes> members(const std::string& archive, const std::string& member) const;

    /// Starts keeping what a new reading of `archive` passes: what was kept of it before is
    /// given up. Returns false when `archive` cannot be examined.
    bool start_reading(const std::string& archive) const;

    /// Keeps a copy of `bytes` as the `nth` member named `member` of `archive` (counted from 0, in
    /// archive order), if they fit in the bound and that member is not kept yet (two readings
    /// at once pass the same members).
    void keep(const std::string& archive, const std::string& member, std::size_t nth,
              std::string_view bytes) const;

    /// The bytes kept in all.
    std::size_t bytes_kept() const;

  private:
    struct Archive {
        std::uint64_t size = 0;
        std::int64_t modified_ns = 0;
        std::map<std::string, std::vector<Bytes>> members;
    };
    struct Stamp {
        std::uint64_t size = 0;
        std::int64_t modified_ns = 0;
    };
    static std::optional<Stamp> stamp_of(const std::string& archive);
    /// Gives up `archive` and what it kept; the mutex is held.
    void forget(const std::string& archive) const;

    std::size_t max_bytes_;
    mutable std::mutex mutex_;
    mutable std::map<std::string, Archive> archives_;
    mutable std::deque<std::string> oldest_first_;
    mutable std::size_t bytes_kept_ = 0;
};

}  // namespace josekic::explorer
