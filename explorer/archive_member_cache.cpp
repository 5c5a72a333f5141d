#include "explorer/archive_member_cache.hpp"

#include <sys/stat.h>

#include <algorithm>

namespace josekic::explorer {

namespace {

// What a member costs beyond its bytes: its name, the map's node, the shared string.
std::size_t cost_of(const std::string& member, std::size_t bytes) {
    return bytes + member.size() + 128;
}

}  // namespace

std::optional<ArchiveMemberCache::Stamp> ArchiveMemberCache::stamp_of(const std::string& archive) {
    struct stat st {};
    if (::stat(archive.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return Stamp{static_cast<std::uint64_t>(st.st_size),
                 std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec};
}

std::vector<ArchiveMemberCache::Bytes> ArchiveMemberCache::members(
    const std::string& archive, const std::string& member) const {
    const std::optional<Stamp> stamp = stamp_of(archive);
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    if (at == archives_.end()) return {};
    if (!stamp || stamp->size != at->second.size || stamp->modified_ns != at->second.modified_ns) {
        forget(archive);
        return {};
    }
    const auto kept = at->second.members.find(member);
    if (kept == at->second.members.end()) return {};
    return kept->second;
}

bool ArchiveMemberCache::start_reading(const std::string& archive) const {
    const std::optional<Stamp> stamp = stamp_of(archive);
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    const bool same = stamp && at != archives_.end() && at->second.size == stamp->size &&
                      at->second.modified_ns == stamp->modified_ns;
    if (same) return true;  // another reading of it keeps what this one would
    if (at != archives_.end()) forget(archive);
    if (!stamp) return false;
    archives_.emplace(archive, Archive{stamp->size, stamp->modified_ns, {}});
    oldest_first_.push_back(archive);
    return true;
}

void ArchiveMemberCache::keep(const std::string& archive, const std::string& member,
                              std::size_t nth, std::string_view bytes) const {
    const std::size_t cost = cost_of(member, bytes.size());
    const std::lock_guard lock(mutex_);
    const auto at = archives_.find(archive);
    if (at == archives_.end() || cost > max_bytes_) return;
    if (const auto named = at->second.members.find(member);
        named != at->second.members.end() ? named->second.size() != nth : nth != 0)
        return;
    // Room is made by giving up the archives kept longest, never the one being read: the
    // members it has kept are those its next reading would pass first.
    while (bytes_kept_ + cost > max_bytes_) {
        const auto oldest = std::find_if(oldest_first_.begin(), oldest_first_.end(),
                                         [&](const std::string& a) { return a != archive; });
        if (oldest == oldest_first_.end()) return;
        forget(std::string(*oldest));
    }
    archives_.at(archive).members[member].push_back(std::make_shared<const std::string>(bytes));
    bytes_kept_ += cost;
}

std::size_t ArchiveMemberCache::bytes_kept() const {
    const std::lock_guard lock(mutex_);
    return bytes_kept_;
}

void ArchiveMemberCache::forget(const std::string& archive) const {
    const auto at = archives_.find(archive);
    if (at == archives_.end()) return;
    for (const auto& [member, named] : at->second.members)
        for (const Bytes& bytes : named) bytes_kept_ -= cost_of(member, bytes->size());
    archives_.erase(at);
    oldest_first_.erase(std::remove(oldest_first_.begin(), oldest_first_.end(), archive),
                        oldest_first_.end());
}

}  // namespace josekic::explorer
