#include "index/page_cache.hpp"

#include <algorithm>

#include "core/io/positioned_io.hpp"

namespace josekic::index {

PageCache::PageCache(int fd, std::uint64_t file_size, std::size_t capacity_pages)
    : fd_(fd),
      file_size_(file_size),
      pages_per_shard_(std::max<std::size_t>(1, capacity_pages / kShards)) {}

PageCache::~PageCache() = default;

bool PageCache::read(std::uint64_t offset, std::span<std::byte> out) const {
    if (out.size() > kMaxCachedRead) return io::read_at(fd_, offset, out).bytes == out.size();
    while (!out.empty()) {
        const std::uint64_t number = offset / kPageBytes;
        const std::size_t in_page = static_cast<std::size_t>(offset % kPageBytes);
        const std::size_t n = std::min(out.size(), kPageBytes - in_page);
        if (!read_page(number, in_page, out.first(n))) return false;
        offset += n;
        out = out.subspan(n);
    }
    return true;
}

std::size_t PageCache::pages_held() const {
    std::size_t held = 0;
    for (Shard& shard : shards_) {
        const std::lock_guard lock(shard.mutex);
        held += shard.slots.size();
    }
    return held;
}

bool PageCache::read_page(std::uint64_t number, std::size_t offset_in_page,
                          std::span<std::byte> out) const {
    Shard& shard = shards_[number % kShards];
    const auto copy_from = [&](Page& page) {
        page.referenced = true;
        if (offset_in_page + out.size() > page.valid) return false;
        std::copy_n(page.bytes.begin() + static_cast<std::ptrdiff_t>(offset_in_page), out.size(),
                    out.begin());
        return true;
    };
    {
        const std::lock_guard lock(shard.mutex);
        if (const auto at = shard.slot_of_page.find(number); at != shard.slot_of_page.end())
            return copy_from(*shard.slots[at->second]);
    }
    // Read without the lock, so that other threads' hits do not wait for the disk.
    auto page = std::make_unique<Page>();
    page->number = number;
    const std::uint64_t start = number * kPageBytes;
    const std::size_t want = static_cast<std::size_t>(
        std::min<std::uint64_t>(kPageBytes, start < file_size_ ? file_size_ - start : 0));
    page->valid = static_cast<std::uint32_t>(
        io::read_at(fd_, start, std::span(page->bytes).first(want)).bytes);

    const std::lock_guard lock(shard.mutex);
    if (const auto at = shard.slot_of_page.find(number); at != shard.slot_of_page.end())
        return copy_from(*shard.slots[at->second]);  // another thread read it meanwhile
    std::size_t slot = shard.slots.size();
    if (slot < pages_per_shard_) {
        shard.slots.push_back(std::move(page));
    } else {
        // Second chance: pass over the pages used since the hand last came by.
        while (shard.slots[shard.hand]->referenced) {
            shard.slots[shard.hand]->referenced = false;
            shard.hand = (shard.hand + 1) % shard.slots.size();
        }
        slot = shard.hand;
        shard.hand = (shard.hand + 1) % shard.slots.size();
        shard.slot_of_page.erase(shard.slots[slot]->number);
        shard.slots[slot] = std::move(page);
    }
    shard.slot_of_page.emplace(number, slot);
    return copy_from(*shard.slots[slot]);
}

}  // namespace josekic::index
