#include "explorer/game_tree_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <span>
#include <string_view>

#include "core/input/file_kinds.hpp"
#include "core/io/positioned_io.hpp"

namespace josekic::explorer {

namespace {

// `n` bytes at `offset` of `fd`; nullopt when they cannot all be read.
std::optional<std::string> read_bytes(int fd, std::uint64_t offset, std::size_t n) {
    std::string bytes(n, '\0');
    const auto out = std::as_writable_bytes(std::span(bytes.data(), bytes.size()));
    if (io::read_at(fd, offset, out).bytes != n) return std::nullopt;
    return bytes;
}

struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

std::optional<std::string> GameTreeCache::tree(const std::string& path, std::size_t n) const {
    if (n == 0 || input::classify_name(path) != input::FileKind::GameRecord ||
        input::record_format_of_name(path) != input::RecordFormat::Sgf)
        return std::nullopt;
    // O_NONBLOCK: opening a FIFO put where a game's file was would wait for a writer, holding
    // one of the server's threads for ever; it is refused below, as anything but a file is.
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    struct stat st {};
    if (file.fd < 0 || ::fstat(file.fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    const FileStamp stamp = FileStamp::of(st);

    std::shared_ptr<const FileTrees> known;
    {
        const std::lock_guard lock(mutex_);
        if (const auto at = files_.find(path); at != files_.end()) known = at->second;
    }
    if (known && known->stamp == stamp) {
        if (n > known->spans.size()) return std::nullopt;
        const sgf::TreeSpan span = known->spans[n - 1];
        return read_bytes(file.fd, span.begin, span.end - span.begin);
    }
    // First met (or changed): read and scan it whole, once.
    scanners_.acquire();
    struct Release {
        std::counting_semaphore<2>& scanners;
        ~Release() { scanners.release(); }
    } release{scanners_};
    const std::optional<std::string> bytes =
        read_bytes(file.fd, 0, static_cast<std::size_t>(stamp.size));
    if (!bytes) return std::nullopt;
    auto trees = std::make_shared<FileTrees>(FileTrees{stamp, sgf::game_tree_spans(*bytes)});
    std::optional<std::string> tree;
    if (n <= trees->spans.size()) {
        const sgf::TreeSpan span = trees->spans[n - 1];
        tree = bytes->substr(span.begin, span.end - span.begin);
    }
    keep(path, std::move(trees));
    return tree;
}

void GameTreeCache::keep(const std::string& path, std::shared_ptr<const FileTrees> trees) const {
    const std::lock_guard lock(mutex_);
    auto [at, added] = files_.try_emplace(path, nullptr);
    if (added)
        oldest_first_.push_back(path);
    else
        kept_trees_ -= at->second->spans.size();
    kept_trees_ += trees->spans.size();
    at->second = std::move(trees);
    while (kept_trees_ > max_trees_ && oldest_first_.size() > 1) {
        const auto oldest = files_.find(oldest_first_.front());
        kept_trees_ -= oldest->second->spans.size();
        files_.erase(oldest);
        oldest_first_.pop_front();
    }
}

std::vector<std::string> GameTreeCache::files_kept() const {
    const std::lock_guard lock(mutex_);
    return {oldest_first_.begin(), oldest_first_.end()};
}

}  // namespace josekic::explorer
