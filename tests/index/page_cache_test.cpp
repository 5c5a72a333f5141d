#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include "index/page_cache.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::index::PageCache;
using josekic::test_support::TempDir;

namespace {

// A file whose every byte tells its offset (a byte of a hash of it), so that a read from the
// wrong place or of a stale page shows.
std::vector<std::byte> write_file(const std::filesystem::path& path, std::size_t size) {
    std::vector<std::byte> bytes(size);
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = static_cast<std::byte>((i * 2654435761U) >> 13);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(size));
    return bytes;
}

struct OpenFile {
    int fd;
    explicit OpenFile(const std::filesystem::path& path) : fd(::open(path.c_str(), O_RDONLY)) {
        REQUIRE(fd >= 0);
    }
    ~OpenFile() { ::close(fd); }
};

std::vector<std::byte> slice(const std::vector<std::byte>& bytes, std::size_t at, std::size_t n) {
    return {bytes.begin() + static_cast<std::ptrdiff_t>(at),
            bytes.begin() + static_cast<std::ptrdiff_t>(at + n)};
}

}  // namespace

TEST_CASE("the page cache reads what the file holds, across pages and at its end",
          "[index][page_cache]") {
    TempDir dir;
    const std::size_t size = 5 * PageCache::kPageBytes + 123;  // a partial last page
    const std::vector<std::byte> file = write_file(dir.path() / "f", size);
    OpenFile f(dir.path() / "f");
    PageCache cache(f.fd, size, 64);
    for (const auto& [at, n] : std::vector<std::pair<std::size_t, std::size_t>>{
             {0, 10},
             {PageCache::kPageBytes - 4, 10},                             // across two pages
             {2 * PageCache::kPageBytes - 1, PageCache::kMaxCachedRead},  // across three
             {size - 10, 10},                                             // the last bytes
             {0, size}}) {                                                // bypasses the cache
        std::vector<std::byte> out(n);
        REQUIRE(cache.read(at, out));
        CHECK(out == slice(file, at, n));
    }
    std::vector<std::byte> past(11);
    CHECK_FALSE(cache.read(size - 10, past));
    CHECK(cache.pages_held() == 5);  // pages 0-3 and 5: the whole-file read bypassed it
}

TEST_CASE("a full page cache gives pages up and stays within its capacity, across threads",
          "[index][page_cache]") {
    TempDir dir;
    const std::size_t size = 300 * PageCache::kPageBytes + 77;
    const std::vector<std::byte> file = write_file(dir.path() / "f", size);
    OpenFile f(dir.path() / "f");
    PageCache cache(f.fd, size, 32);  // two pages a shard, far fewer than the file's
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (std::size_t t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            std::mt19937 random(static_cast<unsigned>(t));
            for (int k = 0; k < 20'000; ++k) {
                // Mostly the first pages, as queries read a tree's top, with the rest spread.
                const std::size_t n = 1 + random() % 40;
                const std::size_t at = random() % 4 == 0 ? random() % (size - n)
                                                         : random() % (8 * PageCache::kPageBytes);
                std::vector<std::byte> out(n);
                if (!cache.read(at, out) || out != slice(file, at, n)) ++wrong[t];
            }
        });
    }
    for (std::thread& t : threads) t.join();
    CHECK(wrong == std::vector<int>(4, 0));
    CHECK(cache.pages_held() == 32);
}

TEST_CASE("a page cache over a file that shrank refuses the bytes that are gone",
          "[index][page_cache]") {
    TempDir dir;
    const std::size_t size = 4 * PageCache::kPageBytes;
    write_file(dir.path() / "f", size);
    OpenFile f(dir.path() / "f");
    PageCache cache(f.fd, size, 64);
    std::filesystem::resize_file(dir.path() / "f", PageCache::kPageBytes);
    std::vector<std::byte> out(16);
    CHECK(cache.read(0, out));
    CHECK_FALSE(cache.read(2 * PageCache::kPageBytes, out));
}
