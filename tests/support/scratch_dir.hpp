#pragma once

#include <filesystem>
#include <string>

#include "tests/input/temp_dir.hpp"

namespace josekic::test_support {

/// A fresh, empty directory `name` inside a directory of this test process's own (made by
/// mkdtemp on first use, removed with everything in it when the process exits). Fixed paths
/// under /tmp made two suites running at once on one machine (two checkouts, or CI beside
/// a developer) overwrite each other's files and fail at random.
inline std::filesystem::path fresh_scratch_dir(const std::string& name) {
    static const josekic::testing::TempDir process_root;
    const std::filesystem::path dir = process_root.path() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace josekic::test_support
