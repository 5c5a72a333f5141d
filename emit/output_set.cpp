#include "emit/output_set.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <span>
#include <stdexcept>

#include "core/input/file_kinds.hpp"
#include "core/io/directory_listing.hpp"
#include "emit/set_files.hpp"
#include "emit/split.hpp"

namespace josekic::emit {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kCurrent = "current";
constexpr std::string_view kSetPrefix = "set-";

std::string error_text(int error) {
    return std::strerror(error);
}

[[noreturn]] void fail(const fs::path& dir, const std::string& why) {
    throw std::runtime_error("cannot write into " + dir.string() + ": " + why);
}

// The names in `dir` (without . and ..), sorted.
// Throws, naming `dir`, when it cannot be read to the end: a set committed from a listing cut
// short by an I/O error would leave out files it holds (or all of them).
std::vector<std::string> entries_of(const fs::path& dir) {
    io::DirectoryListing listing = io::list_directory(dir.string());
    if (listing.open_error != 0) fail(dir, "cannot list it: " + error_text(listing.open_error));
    if (listing.read_error != 0) fail(dir, "cannot list it: " + error_text(listing.read_error));
    std::vector<std::string> names;
    names.reserve(listing.entries.size());
    for (io::DirectoryEntry& entry : listing.entries) names.push_back(std::move(entry.name));
    std::sort(names.begin(), names.end());
    return names;
}

// The target of the symlink `link`, or empty when it is none.
std::string link_target(const fs::path& link) {
    std::error_code error;
    const fs::path target = fs::read_symlink(link, error);
    return error ? std::string() : target.string();
}

// Makes the entries of `dir` durable; a failure cannot lose data already there.
void sync_directory(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

// A name no other process picks at the same moment: process id, time and a counter.
std::string unique_suffix() {
    static std::atomic<unsigned> counter{0};
    const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::to_string(::getpid()) + "-" + std::to_string(ticks % 1'000'000'007) + "-" +
           std::to_string(counter.fetch_add(1));
}

// Replaces whatever `name` in `dir` is (nothing, an older file, a link) by a symlink to
// `target`, atomically.
void link_name(const fs::path& dir, const std::string& name, const std::string& target) {
    if (link_target(dir / name) == target) return;
    const fs::path temporary = dir / ("." + name + ".link-" + unique_suffix());
    if (::symlink(target.c_str(), temporary.c_str()) != 0)
        throw std::runtime_error("cannot link " + (dir / name).string() + ": " + error_text(errno));
    if (::rename(temporary.c_str(), (dir / name).c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        throw std::runtime_error("cannot link " + (dir / name).string() + ": " + error_text(error));
    }
}

// The names of a set's files that do not depend on its content (the split files do): first
// the dictionaries and the index, which an older josekic's plain files are recognised among
// by their first bytes (kRecognisedNames), then the split files' lists and the report.
constexpr std::array<std::string_view, 7> kFixedNames{
    kJosekiFile,      kFusekiFile,      kHandicapFusekiFile, kIndexFile,
    kJosekiSplitList, kFusekiSplitList, kReportFile};
constexpr std::span<const std::string_view> kRecognisedNames = std::span(kFixedNames).first<4>();

// The files a josekic from before sets wrote as regular files into `dir`: the dictionaries
// under their fixed names, the parts a split index lists, the index and the report. Each
// is recognised by its content too, so that a user's file of such a name stays.
std::vector<std::string> files_of_older_josekic(const fs::path& dir) {
    std::vector<std::string> found;
    const auto regular = [&dir](std::string_view name) {
        struct stat info {};
        return ::lstat((dir / name).c_str(), &info) == 0 && S_ISREG(info.st_mode);
    };
    for (const std::string_view name : kRecognisedNames) {
        if (regular(name) && input::written_by_josekic_file(dir / name)) found.emplace_back(name);
    }
    for (const std::string kind : {"joseki", "fuseki"}) {
        const std::string index_name(split_list_file(kind));
        if (!regular(index_name)) continue;
        std::ifstream in(dir / index_name, std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        const std::vector<std::string> parts = split_part_names(text);
        for (const std::string& part : parts) {
            if (part.starts_with(kind + "-") && regular(part) &&
                input::written_by_josekic_file(dir / part))
                found.push_back(part);
        }
        if (!parts.empty()) found.push_back(index_name);
    }
    if (!found.empty() && regular(kReportFile)) found.emplace_back(kReportFile);
    return found;
}

// Fails unless the set's file `name` can be linked into `dir`: nothing has that name, or a
// link into .josekic, or a file an older josekic wrote (`older`). Anything else is the
// user's, which the set must not replace: a game record named joseki.sgf, notes in
// report.txt.
void check_not_in_the_way(const fs::path& dir, std::string_view name,
                          const std::vector<std::string>& older) {
    const fs::path path = dir / name;
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) return;
    if (S_ISLNK(info.st_mode) && link_target(path).starts_with(std::string(kSetsDirectory) + "/"))
        return;
    if (std::find(older.begin(), older.end(), name) != older.end()) return;
    fail(dir, path.string() + " is not a file josekic wrote, and a dictionary would replace it: " +
                  "move it, or write the dictionary elsewhere (-o)");
}

}  // namespace

bool is_set_file_name(std::string_view name) {
    return std::find(kFixedNames.begin(), kFixedNames.end(), name) != kFixedNames.end();
}

std::optional<fs::path> set_holding(const fs::path& file) {
    // DIR as the user named it ("." for none).
    const fs::path dir = file.has_parent_path() ? file.parent_path() : fs::path(".");
    // In DIR/.josekic, at any depth: the components before it name DIR.
    fs::path before;
    for (const fs::path& part : dir) {
        if (part == kSetsDirectory) return before.empty() ? fs::path(".") : before;
        before /= part;
    }
    const std::string name = file.filename().string();
    struct stat info {};
    if (::lstat(file.c_str(), &info) == 0) {
        if (S_ISLNK(info.st_mode) &&
            link_target(file).starts_with(std::string(kSetsDirectory) + "/"))
            return dir;
        return std::nullopt;
    }
    // Not there yet: a fixed name the next set of DIR may take. (A split file's name is not
    // refused: `prune -o DIR/joseki-pruned.sgf` is the user's, and a set that comes to need
    // the name refuses then, before its commit.)
    if (::lstat((dir / kSetsDirectory).c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
        return std::nullopt;
    return is_set_file_name(name) ? std::optional<fs::path>(dir) : std::nullopt;
}

void check_output_directory(const fs::path& dir) {
    struct stat info {};
    if (::stat(dir.c_str(), &info) == 0) {
        if (!S_ISDIR(info.st_mode)) fail(dir, "it is not a directory");
        if (::access(dir.c_str(), W_OK | X_OK) != 0) fail(dir, error_text(errno));
        const fs::path sets = dir / kSetsDirectory;
        if (::lstat(sets.c_str(), &info) == 0) {
            if (!S_ISDIR(info.st_mode)) fail(dir, sets.string() + " is not a directory");
            if (::access(sets.c_str(), W_OK | X_OK) != 0)
                fail(dir, sets.string() + ": " + error_text(errno));
        }
        const std::vector<std::string> older = files_of_older_josekic(dir);
        for (const std::string_view name : kFixedNames) check_not_in_the_way(dir, name, older);
        return;
    }
    if (errno != ENOENT) fail(dir, error_text(errno));
    // A directory to create: its nearest existing ancestor must take it.
    fs::path ancestor = dir;
    for (;;) {
        ancestor = ancestor.has_parent_path() && ancestor.parent_path() != ancestor
                       ? ancestor.parent_path()
                       : fs::path(".");
        if (::stat(ancestor.c_str(), &info) != 0) {
            if (errno == ENOENT && ancestor != ".") continue;
            fail(dir, ancestor.string() + ": " + error_text(errno));
        }
        if (!S_ISDIR(info.st_mode)) fail(dir, ancestor.string() + " is not a directory");
        if (::access(ancestor.c_str(), W_OK | X_OK) != 0)
            fail(dir, "cannot create it in " + ancestor.string() + ": " + error_text(errno));
        return;
    }
}

OutputSet::OutputSet(const fs::path& dir) : dir_(dir), sets_(dir / kSetsDirectory) {
    // A signal between making the directories and guarding them waits for the guard, so that
    // it removes them.
    const SignalsDeferred deferred;
    std::error_code error;
    // The outermost directory this set creates, removed again if it is not committed.
    for (fs::path missing = dir_; !missing.empty() && !fs::exists(missing, error);
         missing = missing.parent_path()) {
        created_ = missing;
        if (missing == missing.parent_path()) break;
    }
    fs::create_directories(dir_, error);
    if (error) fail(dir_, error.message());
    if (::mkdir(sets_.c_str(), 0777) == 0)
        sets_created_ = true;
    else if (errno != EEXIST)
        fail(dir_, error_text(errno));
    lock_fd_ = ::open(sets_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock_fd_ < 0) fail(dir_, sets_.string() + ": " + error_text(errno));
    if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
        const int lock_error = errno;
        ::close(lock_fd_);
        lock_fd_ = -1;
        fail(dir_, lock_error == EWOULDBLOCK ? "another josekic run is writing into it"
                                             : error_text(lock_error));
    }
    // What runs killed before their commit left (their staging directories), and what one
    // killed just after it left of the set before (its directory, a link being made).
    const std::string current = link_target(sets_ / kCurrent);
    for (const std::string& name : entries_of(sets_)) {
        if ((name.starts_with(kSetPrefix) && name != current) || name.starts_with(".current"))
            fs::remove_all(sets_ / name, error);
    }
    for (const std::string& name : entries_of(dir_)) {
        if (name.starts_with(".") && name.find(".link-") != std::string::npos &&
            link_target(dir_ / name).starts_with(std::string(kSetsDirectory) + "/"))
            ::unlink((dir_ / name).c_str());
    }
    for (int attempt = 0;; ++attempt) {
        staging_ = sets_ / (std::string(kSetPrefix) + unique_suffix());
        if (::mkdir(staging_.c_str(), 0777) == 0) break;
        if (errno != EEXIST || attempt > 100)
            fail(dir_, staging_.string() + ": " + error_text(errno));
    }
    // A signal also takes .josekic while it is empty, and the directories this set made.
    removed_on_signal_ =
        std::make_unique<DirectoryRemovedOnSignal>(staging_, created_.empty() ? sets_ : created_);
    older_files_ = files_of_older_josekic(dir_);
}

OutputSet::~OutputSet() {
    if (!committed_) {
        std::error_code error;
        fs::remove_all(staging_, error);
        // DIR/.josekic too when this set made it: a DIR that held no dictionary is left as
        // it was, without an empty hidden directory.
        if (sets_created_) ::rmdir(sets_.c_str());
        if (!created_.empty()) {
            for (fs::path made = dir_; ::rmdir(made.c_str()) == 0 && made != created_;)
                made = made.parent_path();
        }
    }
    if (lock_fd_ >= 0) ::close(lock_fd_);
}

fs::path OutputSet::staged(std::string_view name) const {
    return staging_ / name;
}

fs::path OutputSet::final_path(std::string_view name) const {
    return dir_ / name;
}

std::string OutputSet::with_final_paths(std::string_view message) const {
    const std::string staged = staging_.string() + "/";
    const std::string final = (dir_ / "").string();
    std::string out;
    for (std::size_t at = 0;;) {
        const std::size_t found = message.find(staged, at);
        out += message.substr(at, found - at);
        if (found == std::string_view::npos) return out;
        out += final;
        at = found + staged.size();
    }
}

void OutputSet::commit() {
    const SignalsDeferred deferred;
    const std::vector<std::string> names = entries_of(staging_);
    // Checked again with every name, the split files' too: a file may have come since.
    for (const std::string& name : names) check_not_in_the_way(dir_, name, older_files_);
    removed_on_signal_->claim();
    sync_directory(staging_);

    // The commit point: one rename of the link readers follow.
    const fs::path current = sets_ / kCurrent;
    const fs::path temporary = sets_ / (".current." + unique_suffix());
    if (::symlink(staging_.filename().c_str(), temporary.c_str()) != 0)
        fail(dir_, temporary.string() + ": " + error_text(errno));
    if (::rename(temporary.c_str(), current.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        fail(dir_, current.string() + ": " + error_text(error));
    }
    committed_ = true;
    removed_on_signal_->release();
    try {
        finish_commit(names);
    } catch (const CommittedError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw CommittedError(dir_.string() + ": out of memory after the commit");
    } catch (const std::exception& e) {
        throw CommittedError(e.what());
    }
}

// What follows the commit: the set's names in DIR, the old sets gone.
void OutputSet::finish_commit(const std::vector<std::string>& names) {
    sync_directory(sets_);

    // The names in DIR: every file of the set, and none of the sets before.
    const std::string through = std::string(kSetsDirectory) + "/" + std::string(kCurrent) + "/";
    const std::set<std::string> in_set(names.begin(), names.end());
    std::string link_failure;
    for (const std::string& name : names) {
        try {
            link_name(dir_, name, through + name);
        } catch (const std::runtime_error& e) {
            if (link_failure.empty()) link_failure = e.what();
        }
    }
    // Past the commit a listing that fails leaves names to clear up (the next compile into
    // DIR does), and the run says so rather than stop halfway.
    const auto listed = [&link_failure](const fs::path& dir) {
        try {
            return entries_of(dir);
        } catch (const std::runtime_error& e) {
            if (link_failure.empty()) link_failure = e.what();
            return std::vector<std::string>();
        }
    };
    for (const std::string& name : listed(dir_)) {
        if (in_set.count(name) != 0) continue;
        if (link_target(dir_ / name).starts_with(through)) ::unlink((dir_ / name).c_str());
    }
    for (const std::string& name : older_files_) {
        if (in_set.count(name) == 0) ::unlink((dir_ / name).c_str());
    }
    std::error_code error;
    for (const std::string& name : listed(sets_)) {
        if (name.starts_with(kSetPrefix) && name != staging_.filename().string())
            fs::remove_all(sets_ / name, error);
    }
    sync_directory(dir_);
    if (!link_failure.empty()) throw CommittedError(link_failure);
}

}  // namespace josekic::emit
