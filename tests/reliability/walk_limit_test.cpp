// The walker's limits in-process (tag [reliability]): the per-file size limit on plain files
// and on archive entries (a decompression bomb), and FIFOs inside directories.

#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/input/walker.hpp"
#include "tests/reliability/adversarial_inputs.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::testing {

using test_support::TempDir;
namespace {

std::vector<input::InputFile> walk(const std::vector<std::string>& inputs,
                                   const input::WalkOptions& options) {
    std::vector<input::InputFile> files;
    input::walk_inputs(
        inputs,
        [&](input::InputFile&& file) {
            files.push_back(std::move(file));
            return input::WalkControl::Continue;
        },
        options);
    return files;
}

TEST_CASE("the default limit is 256 MiB", "[reliability]") {
    CHECK(input::kDefaultMaxFileBytes == 256u * 1024 * 1024);
    CHECK(input::WalkOptions{}.max_file_bytes == input::kDefaultMaxFileBytes);
}

TEST_CASE("a plain file over the limit is skipped with file-too-large", "[reliability]") {
    const TempDir dir;
    const std::string big = dir.write("big.sgf", std::string(5000, 'x'));
    const std::string small = dir.write("small.sgf", good_game());
    const auto files = walk({big, small}, input::WalkOptions{4096});
    REQUIRE(files.size() == 2);
    REQUIRE(files[0].read_error);
    CHECK(files[0].read_error->code == diag::Code::FileTooLarge);
    CHECK(files[0].read_error->path == big);
    CHECK(files[0].bytes.empty());
    CHECK_FALSE(files[1].read_error);
    CHECK(files[1].bytes == good_game());
}

TEST_CASE("a file exactly at the limit is read", "[reliability]") {
    const TempDir dir;
    const std::string path = dir.write("exact.sgf", std::string(4096, 'x'));
    const auto files = walk({path}, input::WalkOptions{4096});
    REQUIRE(files.size() == 1);
    CHECK_FALSE(files[0].read_error);
    CHECK(files[0].bytes.size() == 4096);
}

TEST_CASE("an archive entry decompressing past the limit is cut off, later entries are read",
          "[reliability]") {
    const TempDir dir;
    const std::string bomb = dir.write("bomb.tar.gz", tar_gz_bomb(8));
    const auto files = walk({bomb}, input::WalkOptions{std::uint64_t{1} << 20});
    REQUIRE(files.size() == 2);
    REQUIRE(files[0].read_error);
    CHECK(files[0].display_path == bomb + "/bomb.sgf");
    CHECK(files[0].read_error->code == diag::Code::FileTooLarge);
    CHECK(files[0].read_error->message.find("limit of 1 MiB") != std::string::npos);
    CHECK_FALSE(files[1].read_error);
    CHECK(files[1].display_path == bomb + "/after.sgf");
    CHECK(files[1].bytes == good_game("After The Bomb"));
}

TEST_CASE("the bomb is read whole when the limit allows it", "[reliability]") {
    const TempDir dir;
    const std::string bomb = dir.write("bomb.tar.gz", tar_gz_bomb(2));
    const auto files = walk({bomb}, input::WalkOptions{std::uint64_t{4} << 20});
    REQUIRE(files.size() == 2);
    CHECK_FALSE(files[0].read_error);
    CHECK(files[0].bytes.size() == std::size_t{2} << 20);
}

TEST_CASE("a FIFO named like a game record inside a directory is reported, never opened",
          "[reliability]") {
    const TempDir dir;
    dir.write("games/a.sgf", good_game());
    REQUIRE(::mkfifo((dir.path() / "games" / "b.sgf").c_str(), 0644) == 0);
    REQUIRE(::mkfifo((dir.path() / "games" / "c.txt").c_str(), 0644) == 0);
    const auto files = walk({(dir.path() / "games").string()}, input::WalkOptions{});
    REQUIRE(files.size() == 2);
    CHECK_FALSE(files[0].read_error);
    REQUIRE(files[1].read_error);
    CHECK(files[1].read_error->code == diag::Code::NotARegularFile);
    CHECK(files[1].display_path == (dir.path() / "games" / "b.sgf").string());
}

}  // namespace
}  // namespace josekic::testing
