// The members of archives kept by the explorer: bounded, in archive order, given up when
// their archive changes.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "explorer/archive_member_cache.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
namespace fs = std::filesystem;

namespace {

std::string archive_at(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

std::string first_of(const explorer::ArchiveMemberCache& cache, const std::string& archive,
                     const std::string& member) {
    const auto kept = cache.members(archive, member);
    return kept.empty() ? "(none)" : *kept.front();
}

}  // namespace

TEST_CASE("an archive's members are kept as read, each name's copies in archive order",
          "[explorer]") {
    const test_support::TempDir dir;
    const std::string a = archive_at(dir.path() / "a.tar", "archive a");
    const explorer::ArchiveMemberCache cache;
    CHECK(cache.members(a, "a.tar/x.sgf").empty());
    const auto reading = cache.start_reading(a);
    REQUIRE(reading);
    cache.keep(a, *reading, "a.tar/x.sgf", 0, "first x");
    cache.keep(a, *reading, "a.tar/y.sgf", 0, "y");
    cache.keep(a, *reading, "a.tar/x.sgf", 1, "second x");
    // A second reading at once passes the same members: kept once.
    const auto again = cache.start_reading(a);
    REQUIRE(again == reading);
    cache.keep(a, *again, "a.tar/x.sgf", 0, "first x");
    cache.keep(a, *again, "a.tar/x.sgf", 3, "a fourth, with no third kept");
    const auto x = cache.members(a, "a.tar/x.sgf");
    REQUIRE(x.size() == 2);
    CHECK(*x[0] == "first x");
    CHECK(*x[1] == "second x");
    CHECK(first_of(cache, a, "a.tar/y.sgf") == "y");
    // Nothing is kept of an archive no reading started.
    cache.keep((dir.path() / "b.tar").string(), *reading, "b.tar/x.sgf", 0, "b");
    CHECK(cache.members((dir.path() / "b.tar").string(), "b.tar/x.sgf").empty());
    CHECK_FALSE(cache.start_reading((dir.path() / "missing.tar").string()));
}

TEST_CASE("an archive written again is read again", "[explorer]") {
    const test_support::TempDir dir;
    const fs::path path = dir.path() / "a.tar";
    const std::string a = archive_at(path, "archive a");
    const explorer::ArchiveMemberCache cache;
    const auto old_reading = cache.start_reading(a);
    REQUIRE(old_reading);
    cache.keep(a, *old_reading, "a.tar/x.sgf", 0, "x");
    CHECK(first_of(cache, a, "a.tar/x.sgf") == "x");
    archive_at(path, "archive a, longer");
    CHECK(cache.members(a, "a.tar/x.sgf").empty());
    CHECK(cache.bytes_kept() == 0);
    const auto reading = cache.start_reading(a);
    REQUIRE(reading);
    // A reading of the archive as it was before, still going: nothing of it is kept now.
    cache.keep(a, *old_reading, "a.tar/x.sgf", 0, "old x");
    CHECK(cache.members(a, "a.tar/x.sgf").empty());
    cache.keep(a, *reading, "a.tar/x.sgf", 0, "new x");
    CHECK(first_of(cache, a, "a.tar/x.sgf") == "new x");
    // The same size, a later modification time.
    fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(5));
    CHECK(cache.members(a, "a.tar/x.sgf").empty());
    fs::remove(path);
    CHECK(cache.members(a, "a.tar/x.sgf").empty());
}

TEST_CASE("the members kept stay within the bound, the archive kept longest given up first",
          "[explorer]") {
    const test_support::TempDir dir;
    const std::string a = archive_at(dir.path() / "a.tar", "a");
    const std::string b = archive_at(dir.path() / "b.tar", "b");
    const std::size_t bound = 4096;
    const explorer::ArchiveMemberCache cache(bound);
    const std::string kilobyte(1000, 'g');
    const auto reading_a = cache.start_reading(a);
    REQUIRE(reading_a);
    for (int i = 0; i < 10; ++i)
        cache.keep(a, *reading_a, "a.tar/" + std::to_string(i), 0, kilobyte);
    CHECK(cache.bytes_kept() <= bound);
    // The archive being read keeps its first members, the ones its next reading passes first.
    CHECK(first_of(cache, a, "a.tar/0") == kilobyte);
    CHECK(cache.members(a, "a.tar/9").empty());
    const auto reading_b = cache.start_reading(b);
    REQUIRE(reading_b);
    cache.keep(b, *reading_b, "b.tar/0", 0, kilobyte);
    CHECK(cache.bytes_kept() <= bound);
    CHECK(first_of(cache, b, "b.tar/0") == kilobyte);
    CHECK(cache.members(a, "a.tar/0").empty());  // a, kept longest, made room
    // A member larger than the bound is never kept, and nothing is given up for it.
    cache.keep(b, *reading_b, "b.tar/1", 0, std::string(bound + 1, 'g'));
    CHECK(cache.members(b, "b.tar/1").empty());
    CHECK(first_of(cache, b, "b.tar/0") == kilobyte);
}

TEST_CASE("an archive at the bound read again gives up no other for members it cannot keep",
          "[explorer]") {
    const test_support::TempDir dir;
    const std::string a = archive_at(dir.path() / "a.tar", "a");
    const std::string b = archive_at(dir.path() / "b.tar", "b");
    const explorer::ArchiveMemberCache cache(4096);
    const auto reading_b = cache.start_reading(b);
    REQUIRE(reading_b);
    cache.keep(b, *reading_b, "b.tar/0", 0, std::string(400, 'b'));
    const auto reading_a = cache.start_reading(a);
    REQUIRE(reading_a);
    for (int i = 0; i < 3; ++i)
        cache.keep(a, *reading_a, "a.tar/" + std::to_string(i), 0, std::string(1000, 'a'));
    // a's fourth member would take a past the bound whatever else is given up: b stays.
    cache.keep(a, *reading_a, "a.tar/3", 0, std::string(1000, 'a'));
    CHECK(cache.members(a, "a.tar/3").empty());
    CHECK(first_of(cache, b, "b.tar/0") == std::string(400, 'b'));
}
