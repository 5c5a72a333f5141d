#include "index/dictionary_set.hpp"

#include <chrono>
#include <fstream>
#include <iterator>
#include <optional>
#include <thread>
#include <vector>

#include "emit/dictionary_reader.hpp"
#include "emit/set_files.hpp"
#include "emit/split.hpp"
#include "index/index_format.hpp"

namespace josekic::index {

namespace {

namespace fs = std::filesystem;

// The SGF files of the set in `dir`, as a compile names them.
std::vector<fs::path> dictionary_files(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code error;
    for (const std::string_view name : emit::kDictionaryFiles) {
        if (fs::exists(dir / name, error)) files.push_back(dir / name);
    }
    for (const std::string_view name : emit::kSplitLists) {
        std::ifstream in(dir / name, std::ios::binary);
        if (!in) continue;
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        for (const std::string& part : emit::split_part_names(text)) {
            if (fs::exists(dir / part, error)) files.push_back(dir / part);
        }
    }
    return files;
}

// Why the dictionaries beside `index` are not its set, or nullopt when they are (or cannot
// be told apart from it).
std::optional<std::string> mismatch(const IndexFile& index, const fs::path& index_file) {
    const std::string own = compile_id_text(index.compile_id());
    std::optional<fs::path> unnamed;  // a dictionary that names no index
    bool any_named = false;
    for (const fs::path& file : dictionary_files(index_file.parent_path())) {
        const std::optional<std::string> id = emit::read_root_compile_id(file);
        if (!id) continue;
        if (id->empty()) {
            if (!unnamed) unnamed = file;
            continue;
        }
        any_named = true;
        if (*id != own) {
            return file.string() + " and " + index_file.string() +
                   " come from different compiles (compile ids " + *id + " and " + own +
                   "): they are not one dictionary; compile it again";
        }
    }
    if (unnamed && any_named) {
        return unnamed->string() + " names no index, but the other files beside " +
               index_file.string() +
               " name theirs: the files come from different compiles; compile it again";
    }
    return std::nullopt;
}

}  // namespace

bool holds_dictionary_files(const fs::path& dir) {
    return !dictionary_files(dir).empty();
}

fs::path index_path(const std::string& dictionary) {
    const fs::path path(dictionary);
    if (fs::is_directory(path)) return path / emit::kIndexFile;
    return path;
}

bool read_one_set(const std::function<bool()>& read) {
    constexpr int kAttempts = 4;
    for (int attempt = 1;; ++attempt) {
        if (read()) return true;
        if (attempt == kAttempts) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50 * attempt));
    }
}

IndexFile open_dictionary_index(const std::string& dictionary) {
    const fs::path path = index_path(dictionary);
    // A dictionary compiled with --no-index: say so, rather than that a file is missing.
    if (std::error_code error; fs::is_directory(dictionary, error) && !fs::exists(path, error) &&
                               !error && holds_dictionary_files(dictionary)) {
        throw IndexError(dictionary + ": holds a dictionary without its index (compiled with " +
                         "--no-index); compile it again without --no-index");
    }
    // A folder of games, or a dictionary's SGF file, given where a dictionary is asked for:
    // say what is, rather than that index.jki is missing or the SGF has no index header.
    if (std::error_code error;
        fs::is_directory(dictionary, error) && !fs::exists(path, error) && !error) {
        throw IndexError(dictionary + ": holds no dictionary (no " + std::string(emit::kIndexFile) +
                         "); give a directory that `josekic compile -o DIR` wrote, or its " +
                         std::string(emit::kIndexFile));
    }
    if (path.extension() == ".sgf" && fs::is_regular_file(path)) {
        throw IndexError(dictionary +
                         ": an SGF file, not an index; give the dictionary's directory (" +
                         (path.has_parent_path() ? path.parent_path().string() : ".") +
                         ") or its " + std::string(emit::kIndexFile));
    }
    std::optional<IndexFile> index;
    std::optional<std::string> problem;
    const bool one_set = read_one_set([&] {
        index.emplace(IndexFile::open(path));
        problem = mismatch(*index, path);
        return !problem;
    });
    if (!one_set) throw IndexError(*problem);
    return std::move(*index);
}

}  // namespace josekic::index
