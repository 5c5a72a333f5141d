#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

namespace josekic::index {

/// The pages of an index file that small reads touched, kept in a bounded memory. A query
/// reads a few hundred records of about 10 bytes (a tree's nodes, a binary search over the
/// statistics, game strings), most of them on pages an earlier query read too: from the
/// cache they cost a copy instead of a system call each. Safe to share between threads.
///
/// The cache holds at most `capacity_pages` pages; a full shard gives up the page least
/// recently used by the clock's measure (second chance). Reads of more than kMaxCachedRead
/// bytes (a node's lines, a filter's columns) bypass it: they are one system call anyway,
/// and would push the small hot pages out.
class PageCache {
  public:
    static constexpr std::size_t kPageBytes = 4096;
    static constexpr std::size_t kMaxCachedRead = 2 * kPageBytes;
    /// 16 MiB: the hot pages of a 1M-game index's queries fit many times over.
    static constexpr std::size_t kDefaultPages = 4096;

    /// Pages of `fd`, a file of `file_size` bytes.
    PageCache(int fd, std::uint64_t file_size, std::size_t capacity_pages = kDefaultPages);
    PageCache(const PageCache&) = delete;
    PageCache& operator=(const PageCache&) = delete;
    ~PageCache();

    /// Copies out.size() bytes from `offset`, through the cache when the read is small.
    /// False when they cannot all be read (the file shrank under us).
    bool read(std::uint64_t offset, std::span<std::byte> out) const;
    /// Pages held now (at most the capacity, rounded down to whole shards).
    std::size_t pages_held() const;

  private:
    struct Page {
        std::uint64_t number = 0;
        std::uint32_t valid = 0;  ///< bytes read: less than a page at the end of the file
        bool referenced = false;
        std::array<std::byte, kPageBytes> bytes;
    };
    struct Shard {
        std::mutex mutex;
        std::unordered_map<std::uint64_t, std::size_t> slot_of_page;
        std::vector<std::unique_ptr<Page>> slots;
        std::size_t hand = 0;
    };
    static constexpr std::size_t kShards = 16;

    /// Copies `out.size()` bytes at `offset_in_page` of page `number`; false past the file.
    bool read_page(std::uint64_t number, std::size_t offset_in_page,
                   std::span<std::byte> out) const;

    int fd_;
    std::uint64_t file_size_;
    std::size_t pages_per_shard_;
    mutable std::array<Shard, kShards> shards_;
};

}  // namespace josekic::index
