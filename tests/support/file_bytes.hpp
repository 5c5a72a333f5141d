#pragma once

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace josekic::test_support {

/// The bytes of a file; empty when it cannot be read (tests compare it with what they expect).
inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

/// The bytes of a file as bytes (an index to view or damage); empty when it cannot be read.
inline std::vector<std::byte> slurp_bytes(const std::filesystem::path& path) {
    const std::string text = slurp(path);
    std::vector<std::byte> bytes(text.size());
    if (!text.empty()) std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

/// An SGF dictionary's text with its compile id (XI[...], the index it was written beside) left
/// out: a file `prune` wrote from a dictionary names that dictionary's index, while a compile
/// with the same thresholds or lists names its own, which records them (and so differs).
/// Every tree's, in a collection file (fuseki-handicap.sgf).
inline std::string without_compile_id(std::string text) {
    for (std::size_t id = text.find("XI["); id != std::string::npos; id = text.find("XI[", id))
        text.erase(id, text.find(']', id) + 1 - id);
    return text;
}

/// The compile id an SGF dictionary names (the 16 digits of XI[...]); empty without one.
inline std::string compile_id_in(const std::string& text) {
    const std::size_t id = text.find("XI[");
    return id == std::string::npos ? std::string() : text.substr(id + 3, 16);
}

/// The files a reader of the output directory `dir` sees: every name in it (not the hidden
/// ones, such as a compile's .josekic) that is or leads to a regular file, with its bytes.
inline std::map<std::string, std::string> visible_files(const std::filesystem::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(".") && entry.is_regular_file()) files[name] = slurp(entry.path());
    }
    return files;
}

}  // namespace josekic::test_support
