#include <filesystem>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "compiler/compile/index_build.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

namespace {

// Writes `text` into the index's temporary file.
compile::IndexBuild::Writer writing(std::string text) {
    return [text](emit::AtomicFile& file) -> std::uint64_t {
        file.write(text);
        return text.size();
    };
}

}  // namespace

TEST_CASE("an index built beside is in place only once finished", "[index-build]") {
    test_support::TempDir dir;
    const auto target = dir.path() / "index.jki";
    dir.write("index.jki", "old");
    for (const bool beside : {true, false}) {
        double seconds = 0.0;
        double commit_seconds = 0.0;
        compile::IndexBuild build(target, writing("new index"), seconds);
        if (beside) build.start_beside();
        CHECK(test_support::slurp(target) == "old");  // whatever the thread has done by now
        CHECK(build.finish(commit_seconds) == 9);
        CHECK(test_support::slurp(target) == "new index");
        CHECK(seconds >= 0.0);
        dir.write("index.jki", "old");
    }
}

TEST_CASE("a failed or abandoned index build leaves the old index and no temporary file",
          "[index-build]") {
    test_support::TempDir dir;
    const auto target = dir.path() / "index.jki";
    dir.write("index.jki", "old");
    double seconds = 0.0;
    double commit_seconds = 0.0;
    {
        compile::IndexBuild failing(
            target,
            [](emit::AtomicFile& file) -> std::uint64_t {
                file.write("half");
                throw std::runtime_error("disk full");
            },
            seconds);
        failing.start_beside();
        CHECK_THROWS_WITH(failing.finish(commit_seconds), "disk full");
    }
    CHECK(test_support::slurp(target) == "old");
    CHECK(dir.entries() == 1);
    {
        // A run that fails elsewhere never calls finish(): the build is waited for and
        // dropped.
        compile::IndexBuild abandoned(target, writing("new index"), seconds);
        abandoned.start_beside();
    }
    CHECK(test_support::slurp(target) == "old");
    CHECK(dir.entries() == 1);
}
