#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "core/io/positioned_io.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

namespace {

std::span<const std::byte> bytes_of(const std::string& text) {
    return std::as_bytes(std::span(text.data(), text.size()));
}

}  // namespace

TEST_CASE("positioned writes and reads land where they are asked to", "[io]") {
    const test_support::TempDir dir;
    const std::string path = (dir.path() / "f").string();
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT, 0600);
    REQUIRE(fd >= 0);
    CHECK(io::write_at(fd, 0, bytes_of("abcdef")) == 0);
    CHECK(io::write_at(fd, 2, bytes_of("XY")) == 0);
    CHECK(io::write_at(fd, 8, bytes_of("gh")) == 0);  // past the end: a gap of zeros

    std::string all(10, '?');
    const io::ReadResult whole = io::read_at(fd, 0, std::as_writable_bytes(std::span(all)));
    CHECK(whole.bytes == 10);
    CHECK(whole.error == 0);
    CHECK(all == std::string("abXYef\0\0gh", 10));

    // At the end of the file a read gets fewer bytes, and no error.
    std::string tail(5, '?');
    const io::ReadResult end = io::read_at(fd, 7, std::as_writable_bytes(std::span(tail)));
    CHECK(end.bytes == 3);
    CHECK(end.error == 0);
    CHECK(tail.substr(0, 3) == std::string("\0gh", 3));
    ::close(fd);
}

TEST_CASE("positioned reads and writes report the error of a bad descriptor", "[io]") {
    std::vector<std::byte> buffer(4);
    const io::ReadResult read = io::read_at(-1, 0, buffer);
    CHECK(read.bytes == 0);
    CHECK(read.error == EBADF);
    CHECK(io::write_at(-1, 0, buffer) == EBADF);
}
