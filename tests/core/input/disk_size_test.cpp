#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "core/input/disk_size.hpp"
#include "core/input/walker.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using josekic::test_support::ArchiveKind;
using josekic::test_support::make_archive;
using josekic::test_support::TempDir;

namespace {

// The sum of InputFile::disk_bytes over a walk of `inputs`.
std::uint64_t disk_bytes_walked(const std::vector<std::string>& inputs) {
    std::uint64_t sum = 0;
    input::walk_inputs(inputs, [&](input::InputFile&& file) {
        sum += file.disk_bytes;
        return input::WalkControl::Continue;
    });
    return sum;
}

}  // namespace

TEST_CASE("the size on disk counts game records and archives, not other files", "[input]") {
    const TempDir dir;
    dir.write("games/a.sgf", std::string(100, 'a'));
    dir.write("games/deeper/B.SGF", std::string(20, 'b'));
    dir.write("games/notes.txt", std::string(1000, 'x'));
    const std::string single = dir.write("single.txt", std::string(7, 's'));  // named: counted
    make_archive((dir.path() / "games" / "more.tar").string(), ArchiveKind::Tar,
                 {{"c.sgf", "(;GM[1])"}});
    const auto archive_size = std::filesystem::file_size(dir.path() / "games" / "more.tar");
    CHECK(input::total_disk_bytes(
              {(dir.path() / "games").string(), single, (dir.path() / "missing").string()}) ==
          100 + 20 + archive_size + 7);
}

TEST_CASE("a walk's disk bytes add up to the size on disk of plain files", "[input]") {
    const TempDir dir;
    dir.write("games/a.sgf", std::string(100, 'a'));
    dir.write("games/b.sgf", std::string(30, 'b'));
    const std::vector<std::string> inputs{(dir.path() / "games").string()};
    CHECK(disk_bytes_walked(inputs) == 130);
    CHECK(input::total_disk_bytes(inputs) == 130);
}

TEST_CASE("an archive's entries account for the compressed bytes read", "[input]") {
    const TempDir dir;
    std::vector<std::pair<std::string, std::string>> entries;
    for (int i = 0; i < 200; ++i)
        entries.emplace_back("g" + std::to_string(i) + ".sgf",
                             std::string(5000, static_cast<char>('a' + i % 26)));
    const std::string path = (dir.path() / "games.tar.gz").string();
    make_archive(path, ArchiveKind::TarGz, entries);
    const std::uint64_t on_disk = std::filesystem::file_size(path);
    const std::uint64_t walked = disk_bytes_walked({path});
    // Compressed bytes, not the megabyte the entries hold, and no more than the file.
    CHECK(walked > 0);
    CHECK(walked <= on_disk);
    CHECK(input::total_disk_bytes({path}) == on_disk);
}
