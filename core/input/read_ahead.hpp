#pragma once

#include <cstddef>
#include <deque>

namespace josekic::input {

/// Files of one directory opened ahead of their turn, each with the kernel asked to start
/// reading it (POSIX_FADV_WILLNEED), so that while the walker reads one file the disk
/// already fetches the next few. Reading a directory of small game records one file at a
/// time leaves the disk idle between requests: on a cold page cache several readers in
/// parallel are much faster than one (docs/PERFORMANCE.md). On a warm cache the advice
/// finds the pages present and costs one cheap system call per file.
///
/// Files are known by their position in the directory's sorted entries. A descriptor that
/// is never taken is closed by drop_all() or the destructor.
class ReadAhead {
  public:
    /// How many files are kept open ahead of the one being read.
    static constexpr std::size_t kDepth = 16;

    ReadAhead() = default;
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;
    ~ReadAhead() { drop_all(); }

    /// Opens `name` (relative to the directory open as `dir_fd`) as the file at `position`
    /// and asks for its pages. A file that cannot be opened is simply not read ahead: the
    /// walker's own open then reports why.
    void start(std::size_t position, int dir_fd, const char* name);
    /// The descriptor opened for `position`, now the caller's to close; -1 if none.
    int take(std::size_t position);
    /// Closes every descriptor still waiting (before the walk goes into a subdirectory, so
    /// that a deep tree does not hold kDepth descriptors per level).
    void drop_all();
    /// Descriptors open and waiting.
    std::size_t waiting() const { return open_.size(); }

  private:
    struct Opened {
        std::size_t position;
        int fd;
    };
    std::deque<Opened> open_;  // in increasing position
};

}  // namespace josekic::input
