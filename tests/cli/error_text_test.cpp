// What a failed run says of its output directory, and of names that hold control characters.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "cli/error_text.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::cli::error_text;
using josekic::cli::failed_run_text;

TEST_CASE("a failed run says what its output directory holds, if it has one", "[cli]") {
    const josekic::test_support::TempDir dir;
    const std::runtime_error failure("disk full");
    CHECK(failed_run_text(failure, dir.str(), true) ==
          "josekic: error: disk full\njosekic: nothing was written; " + dir.str() +
              " keeps what it held\n");
    // A directory the run made, or would have made, holds nothing to keep.
    CHECK(failed_run_text(failure, dir.str(), false) ==
          "josekic: error: disk full\njosekic: nothing was written\n");
}

TEST_CASE("an error's text keeps its lines and loses its other control characters", "[cli]") {
    const std::string replacement = "\xEF\xBF\xBD";
    CHECK(error_text(std::runtime_error("a\x1B[2Jb\nc")) == "a" + replacement + "[2Jb\nc");
}
