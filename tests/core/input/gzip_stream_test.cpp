#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/input/walker.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/walked_files.hpp"

using josekic::input::InputFile;
namespace ts = josekic::test_support;
namespace fs = std::filesystem;

namespace {

// Five small games: their .tar.gz is a few hundred bytes, less than any read-ahead.
std::vector<std::pair<std::string, std::string>> five_games() {
    std::vector<std::pair<std::string, std::string>> games;
    for (int i = 0; i < 5; ++i)
        games.emplace_back("g" + std::to_string(i) + ".sgf",
                           "(;GM[1]SZ[19]PB[player " + std::to_string(i) + "];B[pd];W[dp])");
    return games;
}

void write(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// The games read from `files` (the entries without an error), in order.
std::vector<std::string> games_read(const std::vector<InputFile>& files) {
    std::vector<std::string> games;
    for (const InputFile& f : files)
        if (!f.read_error) games.push_back(f.bytes);
    return games;
}

}  // namespace

TEST_CASE("a truncated .tar.gz keeps every entry before the cut, however small the archive",
          "[input]") {
    const ts::TempDir dir;
    const auto games = five_games();
    const fs::path whole = dir.path() / "whole.tar.gz";
    ts::make_archive(whole.string(), ts::ArchiveKind::TarGz, games);
    const std::string bytes = ts::slurp(whole.string());
    std::size_t previous = 0;
    bool kept_some_before_the_end = false;
    for (std::size_t cut = 10; cut < bytes.size(); ++cut) {
        INFO("cut at " << cut << " of " << bytes.size() << " bytes");
        const fs::path path = dir.path() / "cut.tar.gz";
        write(path, bytes.substr(0, cut));
        const auto files = ts::walk_all({path.string()});
        const auto read = games_read(files);
        // The entries read are the archive's first ones, whole, more the later the cut.
        REQUIRE(read.size() <= games.size());
        for (std::size_t i = 0; i < read.size(); ++i) CHECK(read[i] == games[i].second);
        CHECK(read.size() >= previous);
        previous = read.size();
        kept_some_before_the_end = kept_some_before_the_end || (read.size() > 0 && read.size() < 5);
        // And the cut is said, in the archive's name.
        REQUIRE_FALSE(files.empty());
        REQUIRE(files.back().read_error);
        CHECK_THAT(files.back().read_error->message, Catch::Contains("truncated gzip input"));
    }
    // Only the gzip trailer (CRC and size) cut off: every game is there.
    CHECK(previous == games.size());
    CHECK(kept_some_before_the_end);
}

TEST_CASE("a gzip stream of several members, or with bytes after it, reads as gzip reads it",
          "[input]") {
    const ts::TempDir dir;
    const fs::path one = dir.path() / "one.sgf.gz";
    const fs::path two = dir.path() / "two.sgf.gz";
    ts::make_archive(one.string(), ts::ArchiveKind::Gzip, {{"data", "(;PB[A])"}});
    ts::make_archive(two.string(), ts::ArchiveKind::Gzip, {{"data", "(;PB[B])"}});
    // `cat one.gz two.gz`, then the zeros a tape or a download may leave after it.
    const fs::path both = dir.path() / "both.sgf.gz";
    write(both, ts::slurp(one.string()) + ts::slurp(two.string()) + std::string(100, '\0'));
    const auto files = ts::walk_all({both.string()});
    REQUIRE(files.size() == 1);
    CHECK_FALSE(files[0].read_error);
    CHECK(files[0].bytes == "(;PB[A])(;PB[B])");
}

TEST_CASE("damaged gzip data is an error naming the archive, after the entries before it",
          "[input]") {
    const ts::TempDir dir;
    const fs::path path = dir.path() / "games.tar.gz";
    // The first game whole, then one that no compressor shrinks: a byte changed in its middle
    // is in a stored block, which only the CRC at the stream's end tells from the original.
    ts::make_archive(
        path.string(), ts::ArchiveKind::TarGz,
        {{"a.sgf", "(;PB[A])"}, {"b.sgf", "(;C[" + ts::incompressible_bytes(20000) + "])"}});
    std::string bytes = ts::slurp(path.string());
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x55);
    write(path, bytes);
    const auto files = ts::walk_all({path.string()});
    REQUIRE(files.size() >= 2);
    CHECK(files[0].bytes == "(;PB[A])");
    CHECK_FALSE(files[0].read_error);
    REQUIRE(files.back().read_error);
    CHECK(files.back().display_path == path.string());
    CHECK_THAT(files.back().read_error->message,
               Catch::Contains("damaged gzip data: incorrect data check"));
}

TEST_CASE("a .tar.gz split into volumes is read through them", "[input]") {
    const ts::TempDir dir;
    const std::string path = (dir.path() / "fox.tar.gz").string();
    const std::string big = "(;C[" + ts::incompressible_bytes(50000) + "])";
    ts::make_archive(path, ts::ArchiveKind::TarGz, {{"a.sgf", "(;PB[A])"}, {"big.sgf", big}});
    const std::string bytes = ts::slurp(path);
    fs::remove(path);
    std::vector<std::string> volumes;
    for (std::size_t at = 0; at < bytes.size(); at += 20000) {
        char suffix[8];
        std::snprintf(suffix, sizeof suffix, ".%03zu", volumes.size() + 1);
        volumes.push_back(path + suffix);
        write(volumes.back(), bytes.substr(at, 20000));
    }
    REQUIRE(volumes.size() >= 3);
    const auto files = ts::walk_all({volumes[0]});
    REQUIRE(files.size() == 2);
    CHECK(files[0].bytes == "(;PB[A])");
    CHECK(files[1].bytes == big);
    CHECK_FALSE(files[1].read_error);
}
