#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace josekic::test_support {

/// The one temporary-directory helper of the tests.
/// A fresh directory under the system temp directory, removed with everything in it when
/// the object goes out of scope.
class TempDir {
  public:
    TempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "josekic-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        // Make everything writable again first, so that chmod-000 tests clean up.
        for (auto it = std::filesystem::recursive_directory_iterator(path_, ignored);
             it != std::filesystem::recursive_directory_iterator(); it.increment(ignored)) {
            std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                         std::filesystem::perm_options::add, ignored);
        }
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    /// Files and directories directly in it: what a write left behind.
    std::size_t entries() const {
        return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(path_),
                                                      std::filesystem::directory_iterator()));
    }
    std::string str() const { return path_.string(); }

    /// Writes `bytes` to `relative` (parent directories created) and returns the full path.
    std::string write(const std::string& relative, const std::string& bytes) const {
        const std::filesystem::path full = path_ / relative;
        std::filesystem::create_directories(full.parent_path());
        std::ofstream out(full, std::ios::binary);
        out << bytes;
        return full.string();
    }

  private:
    std::filesystem::path path_;
};

/// A fresh, empty directory `name` inside a directory of this test process's own (made on
/// first use, removed with everything in it when the process exits). Fixed paths under /tmp
/// made two suites running at once on one machine (two checkouts, or CI beside a developer)
/// overwrite each other's files and fail at random.
inline std::filesystem::path fresh_scratch_dir(const std::string& name) {
    static const TempDir process_root;
    const std::filesystem::path dir = process_root.path() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace josekic::test_support
