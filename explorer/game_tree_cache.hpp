#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <string>
#include <vector>

#include "core/sgf/game_trees.hpp"
#include "explorer/file_stamp.hpp"

namespace josekic::explorer {

/// Where the game trees lie in the SGF files the explorer opened games from, so that the
/// next game asked of a file is read alone. A month of a server's games is thousands of
/// games in 6 MB: reading and scanning it whole took about 20 ms a request; a game's own
/// bytes are one read of a kilobyte.
///
/// Only plain SGF files are kept (an archive member is read through its archive); a file
/// whose size or modification time changed is scanned again. At most kMaxTrees spans are
/// kept in all (16 MB; fewer when constructed so), the file kept longest given up first.
/// Thread-safe.
class GameTreeCache {
  public:
    static constexpr std::size_t kMaxTrees = std::size_t{1} << 20;

    explicit GameTreeCache(std::size_t max_trees = kMaxTrees) : max_trees_(max_trees) {}

    /// The bytes of the `n`th game tree (counted from 1) of `path`, as sgf::game_tree_spans
    /// finds it; nullopt when `path` is not a plain SGF file on disk, cannot be read or has
    /// no such tree.
    std::optional<std::string> tree(const std::string& path, std::size_t n) const;

    /// The files whose trees are kept now, the oldest first.
    std::vector<std::string> files_kept() const;

  private:
    struct FileTrees {
        FileStamp stamp;
        std::vector<sgf::TreeSpan> spans;
    };
    /// Keeps `trees` as `path`'s, giving up the oldest files beyond max_trees_.
    void keep(const std::string& path, std::shared_ptr<const FileTrees> trees) const;

    std::size_t max_trees_;
    /// Files read whole at once: 8 clients opening games of 8 new 6 MB files would otherwise
    /// hold 48 MB at once.
    mutable std::counting_semaphore<2> scanners_{2};
    mutable std::mutex mutex_;
    mutable std::map<std::string, std::shared_ptr<const FileTrees>> files_;
    mutable std::deque<std::string> oldest_first_;
    mutable std::size_t kept_trees_ = 0;
};

}  // namespace josekic::explorer
