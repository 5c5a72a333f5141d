#include "explorer/archive_member_cache.hpp"

#include <algorithm>

namespace josekic::explorer {

namespace {

// What a member costs beyond its bytes: its name, the map's node, the shared string.
std::size_t cost_of(const std::string& member, std::size_t bytes) {
    return bytes + member.size() + 128;
}

}  // namespace

std::vector<ArchiveMemberCache::Bytes> ArchiveMemberCache::members(
    const std::string& archive, const std::string& member) const {
    const std::optional<FileStamp> stamp = FileStamp::of_path(archive);
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    if (at == archives_.end()) return {};
    if (stamp != at->second.stamp) {
        forget(archive);
        return {};
    }
    const auto kept = at->second.members.find(member);
    if (kept == at->second.members.end()) return {};
    return kept->second;
}

std::optional<std::uint64_t> ArchiveMemberCache::start_reading(const std::string& archive) const {
    const std::optional<FileStamp> stamp = FileStamp::of_path(archive);
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    // The same archive: a reading that started before this one keeps what this one would.
    if (stamp && at != archives_.end() && at->second.stamp == *stamp) return at->second.ticket;
    if (at != archives_.end()) forget(archive);
    if (!stamp) return std::nullopt;
    // A new ticket: a reading of the archive as it was before cannot keep its members here.
    archives_.emplace(archive, Archive{*stamp, ++tickets_, 0, {}});
    oldest_first_.push_back(archive);
    return tickets_;
}

void ArchiveMemberCache::keep(const std::string& archive, std::uint64_t ticket,
                              const std::string& member, std::size_t nth,
                              std::string_view bytes) const {
    const std::size_t cost = cost_of(member, bytes.size());
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    if (at == archives_.end() || at->second.ticket != ticket) return;
    Archive& kept = at->second;
    if (const auto named = kept.members.find(member);
        named != kept.members.end() ? named->second.size() != nth : nth != 0)
        return;
    // Room is made by giving up the archives kept longest, never the one being read (the
    // members it has kept are those its next reading would pass first), and only when the
    // others hold enough of it.
    if (kept.bytes + cost > max_bytes_) return;
    while (bytes_kept_ + cost > max_bytes_) {
        const auto oldest = std::find_if(oldest_first_.begin(), oldest_first_.end(),
                                         [&](const std::string& a) { return a != archive; });
        forget(std::string(*oldest));  // there is one: this archive alone fits
    }
    kept.members[member].push_back(std::make_shared<const std::string>(bytes));
    kept.bytes += cost;
    bytes_kept_ += cost;
}

std::size_t ArchiveMemberCache::bytes_kept() const {
    const std::lock_guard lock(mutex_);
    return bytes_kept_;
}

void ArchiveMemberCache::forget(const std::string& archive) const {
    const auto at = archives_.find(archive);
    if (at == archives_.end()) return;
    bytes_kept_ -= at->second.bytes;
    archives_.erase(at);
    oldest_first_.erase(std::remove(oldest_first_.begin(), oldest_first_.end(), archive),
                        oldest_first_.end());
}

}  // namespace josekic::explorer
