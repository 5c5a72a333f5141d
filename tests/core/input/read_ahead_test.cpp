#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <string>

#include "core/input/read_ahead.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::input::ReadAhead;
using josekic::test_support::TempDir;

namespace {

std::string read_all(int fd) {
    std::string text;
    char buffer[64];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
        text.append(buffer, static_cast<std::size_t>(n));
    ::close(fd);
    return text;
}

}  // namespace

TEST_CASE("read-ahead hands over each file opened for its position, in order",
          "[input][read_ahead]") {
    TempDir dir;
    dir.write("a.sgf", "first");
    dir.write("b.sgf", "second");
    dir.write("c.sgf", "third");
    const int dir_fd = ::open(dir.str().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    REQUIRE(dir_fd >= 0);

    ReadAhead ahead;
    ahead.start(2, dir_fd, "a.sgf");
    ahead.start(3, dir_fd, "missing.sgf");  // cannot be opened: simply not read ahead
    ahead.start(5, dir_fd, "b.sgf");
    ahead.start(7, dir_fd, "c.sgf");
    CHECK(ahead.waiting() == 3);

    CHECK(ahead.take(1) == -1);  // nothing was opened for it
    const int a = ahead.take(2);
    REQUIRE(a >= 0);
    CHECK(read_all(a) == "first");
    CHECK(ahead.take(3) == -1);
    // Taking 7 closes 5, which was passed over.
    const int c = ahead.take(7);
    REQUIRE(c >= 0);
    CHECK(read_all(c) == "third");
    CHECK(ahead.waiting() == 0);

    ahead.start(9, dir_fd, "b.sgf");
    ahead.drop_all();
    CHECK(ahead.waiting() == 0);
    CHECK(ahead.take(9) == -1);
    ::close(dir_fd);
}
