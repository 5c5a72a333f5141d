#pragma once

// Golden-file comparison: JOSEKIC_UPDATE_GOLDEN=1 rewrites the files.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace josekic::test_support {

/// The path of a file of the source tree, `relative` to its root ("tests/emit/golden/x.sgf").
inline std::string source_path(const std::string& relative) {
    return std::string(JOSEKIC_SOURCE_DIR) + "/" + relative;
}

/// Compares `actual` byte for byte with the file at `path`, or rewrites the file when the
/// environment variable JOSEKIC_UPDATE_GOLDEN is 1.
inline void check_golden_file(const std::string& path, const std::string& actual) {
    const char* update = std::getenv("JOSEKIC_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary) << actual;
        WARN("rewrote golden file " << path);
        return;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        FAIL("missing golden file " << path << " (run with JOSEKIC_UPDATE_GOLDEN=1 to create it)");
    std::ostringstream expected;
    expected << in.rdbuf();
    INFO("golden file " << path << " differs; JOSEKIC_UPDATE_GOLDEN=1 rewrites it after review");
    CHECK(actual == expected.str());
}

}  // namespace josekic::test_support
