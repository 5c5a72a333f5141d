#include "core/input/disk_size.hpp"

#include <filesystem>

#include "core/input/file_kinds.hpp"

namespace josekic::input {

namespace {

namespace fs = std::filesystem;

std::uint64_t directory_bytes(const fs::path& directory) {
    std::uint64_t total = 0;
    std::error_code error;
    fs::recursive_directory_iterator it(directory, fs::directory_options::skip_permission_denied,
                                        error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (classify_name(it->path().filename().string()) == FileKind::Other) continue;
        std::error_code unreadable;
        if (!it->is_regular_file(unreadable)) continue;
        const std::uintmax_t size = it->file_size(unreadable);
        if (!unreadable) total += size;
    }
    return total;
}

}  // namespace

std::uint64_t total_disk_bytes(const std::vector<std::string>& inputs) {
    std::uint64_t total = 0;
    for (const std::string& input : inputs) {
        std::error_code error;
        const fs::file_status status = fs::status(input, error);
        if (error) continue;
        if (fs::is_directory(status)) {
            total += directory_bytes(input);
        } else if (fs::is_regular_file(status)) {
            const std::uintmax_t size = fs::file_size(input, error);
            if (!error) total += size;
        }
    }
    return total;
}

}  // namespace josekic::input
