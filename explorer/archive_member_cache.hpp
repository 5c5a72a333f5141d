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
#include <vector>

#include "explorer/file_stamp.hpp"

namespace josekic::explorer {

/// The members of archives the explorer opened games from, as they were read, so that the
/// next game asked of an archive is not decompressed again: a compressed tar or a solid 7z
/// can only be read from its start (docs/PERFORMANCE.md, "A game read alone").
///
/// Every member a reading of an archive passes is kept, up to kMaxBytes in all (fewer when
/// constructed so): an archive within the bound is decompressed once, a larger one is read
/// again for the members beyond it. An archive whose stamp changed is given up. The archive
/// kept longest is given up first when another needs the room. Thread-safe.
class ArchiveMemberCache {
  public:
    static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;

    explicit ArchiveMemberCache(std::size_t max_bytes = kMaxBytes) : max_bytes_(max_bytes) {}

    using Bytes = std::shared_ptr<const std::string>;

    /// The bytes of each member named `member` (its display path, "a.tar.xz/x/a.sgf") of
    /// `archive` that a reading kept, in archive order; empty when none is kept or the
    /// archive changed since.
    std::vector<Bytes> members(const std::string& archive, const std::string& member) const;

    /// A reading of `archive` starts: what was kept of it is given up if it changed. Returns
    /// the reading's ticket for keep(), or nullopt when `archive` cannot be examined.
    std::optional<std::uint64_t> start_reading(const std::string& archive) const;

    /// Keeps a copy of `bytes` as the `nth` member named `member` of `archive` (counted
    /// from 0, in archive order), read by the reading of `ticket`: if the archive has not
    /// changed since that reading started, the member is not kept yet (two readings at once
    /// pass the same members) and it fits in the bound.
    void keep(const std::string& archive, std::uint64_t ticket, const std::string& member,
              std::size_t nth, std::string_view bytes) const;

    /// The bytes kept in all.
    std::size_t bytes_kept() const;

  private:
    struct Archive {
        FileStamp stamp;
        std::uint64_t ticket = 0;  // of the readings that started since it was last stamped
        std::size_t bytes = 0;     // what its members cost
        std::map<std::string, std::vector<Bytes>> members;
    };
    /// Gives up `archive` and what it kept; the mutex is held.
    void forget(const std::string& archive) const;

    std::size_t max_bytes_;
    mutable std::mutex mutex_;
    mutable std::map<std::string, Archive> archives_;
    mutable std::deque<std::string> oldest_first_;
    mutable std::size_t bytes_kept_ = 0;
    mutable std::uint64_t tickets_ = 0;
};

}  // namespace josekic::explorer
