#include <catch2/catch.hpp>

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "core/io/directory_listing.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

TEST_CASE("a directory listing names every entry but . and .., with its type", "[io]") {
    const test_support::TempDir dir;
    dir.write("a.sgf", "(;)");
    dir.write("sub/b.sgf", "(;)");
    const io::DirectoryListing listing = io::list_directory(dir.path().string());
    CHECK(listing.open_error == 0);
    CHECK(listing.read_error == 0);
    std::vector<std::string> names;
    for (const io::DirectoryEntry& entry : listing.entries) {
        names.push_back(entry.name);
        if (entry.type != DT_UNKNOWN) CHECK(entry.type == (entry.name == "sub" ? DT_DIR : DT_REG));
    }
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"a.sgf", "sub"});
}

TEST_CASE("a directory that cannot be opened is an open error, not an empty listing", "[io]") {
    const test_support::TempDir dir;
    const io::DirectoryListing missing = io::list_directory((dir.path() / "missing").string());
    CHECK(missing.open_error == ENOENT);
    CHECK(missing.entries.empty());
    dir.write("file", "x");
    CHECK(io::list_directory((dir.path() / "file").string()).open_error == ENOTDIR);
}
