#pragma once

// Golden-file comparison for the emit tests: JOSEKIC_UPDATE_GOLDEN=1 rewrites the files.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace josekic::emit::testing {

inline std::string golden_path(const std::string& name) {
    return std::string(JOSEKIC_SOURCE_DIR) + "/tests/emit/golden/" + name;
}

/// Compares `actual` byte for byte with tests/emit/golden/<name>, or rewrites the golden
/// file when the environment variable JOSEKIC_UPDATE_GOLDEN is 1.
inline void check_golden(const std::string& name, const std::string& actual) {
    const std::string path = golden_path(name);
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

}  // namespace josekic::emit::testing
