#pragma once

#include "tests/support/file_bytes.hpp"

// Output directories and file contents for the emit tests that write files.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace josekic::emit::testing {

/// A fresh empty directory for one test (named after it and the process), removed afterwards.
struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("josekic-emit-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() { std::filesystem::remove_all(path); }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    /// Files and directories in it: what a write left behind.
    std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(std::filesystem::directory_iterator(path), std::filesystem::directory_iterator()));
    }
};

/// The bytes of a file.
using test_support::slurp;

}  // namespace josekic::emit::testing
