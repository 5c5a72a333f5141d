#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace josekic::test_support {

/// The bytes of a file; empty when it cannot be read (tests compare it with what they expect).
inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

}  // namespace josekic::test_support
