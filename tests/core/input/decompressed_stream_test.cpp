#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <utility>
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

TEST_CASE("a cut .tar.gz or .tar.xz keeps every entry before the cut, however small", "[input]") {
    const auto [kind, suffix, codec] =
        GENERATE(std::tuple{ts::ArchiveKind::TarGz, ".tar.gz", "gzip"},
                 std::tuple{ts::ArchiveKind::TarXz, ".tar.xz", "xz"});
    const ts::TempDir dir;
    const auto games = five_games();
    const fs::path whole = dir.path() / (std::string("whole") + suffix);
    ts::make_archive(whole.string(), kind, games);
    const std::string bytes = ts::slurp(whole.string());
    std::size_t previous = 0;
    bool kept_some_before_the_end = false;
    for (std::size_t cut = 10; cut < bytes.size(); ++cut) {
        INFO(suffix << " cut at " << cut << " of " << bytes.size() << " bytes");
        const fs::path path = dir.path() / (std::string("cut") + suffix);
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
        CHECK_THAT(files.back().read_error->message,
                   Catch::Contains(std::string("truncated ") + codec + " input"));
    }
    // Only the stream's end (its checksum, its index) cut off: every game is there.
    CHECK(previous == games.size());
    CHECK(kept_some_before_the_end);
}

TEST_CASE("a stream of several members, or with zeros after it, reads as gzip and xz read it",
          "[input]") {
    const auto [kind, suffix] = GENERATE(std::pair{ts::ArchiveKind::Gzip, ".sgf.gz"},
                                         std::pair{ts::ArchiveKind::Xz, ".sgf.xz"});
    const ts::TempDir dir;
    const fs::path one = dir.path() / (std::string("one") + suffix);
    const fs::path two = dir.path() / (std::string("two") + suffix);
    ts::make_archive(one.string(), kind, {{"data", "(;PB[A])"}});
    ts::make_archive(two.string(), kind, {{"data", "(;PB[B])"}});
    // `cat one.gz two.gz`, then the zeros a tape or a download may leave after it (for xz,
    // stream padding: a multiple of four).
    const fs::path both = dir.path() / (std::string("both") + suffix);
    write(both, ts::slurp(one.string()) + ts::slurp(two.string()) + std::string(100, '\0'));
    const auto files = ts::walk_all({both.string()});
    REQUIRE(files.size() == 1);
    CHECK_FALSE(files[0].read_error);
    CHECK(files[0].bytes == "(;PB[A])(;PB[B])");
}

TEST_CASE("damaged data is an error naming the archive, after the entries before it", "[input]") {
    const auto [kind, suffix, damage] = GENERATE(
        std::tuple{ts::ArchiveKind::TarGz, ".tar.gz", "damaged gzip data: incorrect data check"},
        std::tuple{ts::ArchiveKind::TarXz, ".tar.xz", "damaged xz data"});
    const ts::TempDir dir;
    const fs::path path = dir.path() / (std::string("games") + suffix);
    // The first game whole, then one that no compressor shrinks: a byte changed in its middle
    // is in a stored block, which only the checksum after it tells from the original.
    ts::make_archive(
        path.string(), kind,
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
    CHECK_THAT(files.back().read_error->message, Catch::Contains(damage));
}

TEST_CASE("a .tar.gz or .tar.xz split into volumes is read through them", "[input]") {
    const auto [kind, suffix] = GENERATE(std::pair{ts::ArchiveKind::TarGz, ".tar.gz"},
                                         std::pair{ts::ArchiveKind::TarXz, ".tar.xz"});
    const ts::TempDir dir;
    const std::string path = (dir.path() / (std::string("fox") + suffix)).string();
    const std::string big = "(;C[" + ts::incompressible_bytes(50000) + "])";
    ts::make_archive(path, kind, {{"a.sgf", "(;PB[A])"}, {"big.sgf", big}});
    const std::vector<std::string> volumes = ts::split_into_volumes(path, 20000);
    REQUIRE(volumes.size() >= 3);
    const auto files = ts::walk_all({volumes[0]});
    REQUIRE(files.size() == 2);
    CHECK(files[0].bytes == "(;PB[A])");
    CHECK(files[1].bytes == big);
    CHECK_FALSE(files[1].read_error);
}

TEST_CASE("two tars joined are read to the second's end, as tar -i reads them", "[input]") {
    const auto [kind, suffix] = GENERATE(std::pair{ts::ArchiveKind::Tar, ".tar"},
                                         std::pair{ts::ArchiveKind::TarGz, ".tar.gz"},
                                         std::pair{ts::ArchiveKind::TarXz, ".tar.xz"});
    const ts::TempDir dir;
    const fs::path one = dir.path() / (std::string("one") + suffix);
    const fs::path two = dir.path() / (std::string("two") + suffix);
    ts::make_archive(one.string(), kind, {{"a.sgf", "(;PB[A])"}});
    ts::make_archive(two.string(), kind, {{"b.sgf", "(;PB[B])"}, {"c.sgf", "(;PB[C])"}});
    const fs::path both = dir.path() / (std::string("both") + suffix);
    write(both, ts::slurp(one.string()) + ts::slurp(two.string()));
    const auto files = ts::walk_all({both.string()});
    CHECK(games_read(files) == std::vector<std::string>{"(;PB[A])", "(;PB[B])", "(;PB[C])"});
    for (const InputFile& f : files) CHECK_FALSE(f.read_error);
}

TEST_CASE("a tar entry whose data all came is read though the zeros after it are cut", "[input]") {
    const ts::TempDir dir;
    const fs::path path = dir.path() / "games.tar";
    const std::string game = "(;GM[1]SZ[19]PB[A];B[pd])";
    ts::make_archive(path.string(), ts::ArchiveKind::Tar, {{"a.sgf", game}});
    // The header (512 bytes), the game, then a few of the zeros that pad it to 1,024.
    write(path, ts::slurp(path.string()).substr(0, 512 + game.size() + 7));
    const auto files = ts::walk_all({path.string()});
    CHECK(games_read(files) == std::vector<std::string>{game});
    REQUIRE(files.back().read_error);
    CHECK(files.back().display_path == path.string());
}

TEST_CASE("a cut .sgf.gz is read as far as it goes, as a cut .sgf is", "[input]") {
    const auto [kind, suffix, codec] =
        GENERATE(std::tuple{ts::ArchiveKind::Gzip, ".sgf.gz", "gzip"},
                 std::tuple{ts::ArchiveKind::Xz, ".sgf.xz", "xz"});
    const ts::TempDir dir;
    // Three games in one file, the last no compressor shrinks: a cut in the middle of the
    // file falls in it, after the first two.
    const std::string first_two = "(;GM[1]PB[A];B[pd])\n(;GM[1]PB[B];B[dd])\n";
    const std::string text =
        first_two + "(;GM[1]PB[C]C[" + ts::incompressible_bytes(20000) + "];B[pp])\n";
    const fs::path path = dir.path() / (std::string("games") + suffix);
    ts::make_archive(path.string(), kind, {{"data", text}});
    const std::string bytes = ts::slurp(path.string());
    write(path, bytes.substr(0, bytes.size() / 2));
    const auto files = ts::walk_all({path.string()});
    REQUIRE(files.size() == 1);
    CHECK_FALSE(files[0].read_error);
    CHECK(files[0].bytes.starts_with(first_two));
    CHECK(files[0].bytes.size() < text.size());
    // The cut is said with the file, which is read (not a file skipped besides).
    REQUIRE(files[0].cut_short);
    CHECK_THAT(files[0].cut_short->message,
               Catch::Contains(std::string("read as far as it goes: truncated ") + codec));
}
