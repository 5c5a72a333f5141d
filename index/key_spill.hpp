#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace josekic::index {

/// The position keys of the nodes of both trees, in the order the walks find them, held in
/// an anonymous temporary file in the index's directory until the position table is made
/// from them: 8 bytes a node of both trees, the largest thing an index build would otherwise
/// hold in memory. The file has no name (it is gone when closed, even after a crash) and its
/// pages stay in the kernel's cache, which can drop them, rather than in the process.
class KeySpill {
  public:
    /// Throws std::runtime_error naming `directory` when no file can be made there.
    explicit KeySpill(const std::filesystem::path& directory);
    ~KeySpill();
    KeySpill(const KeySpill&) = delete;
    KeySpill& operator=(const KeySpill&) = delete;

    /// Appends the key of the next node of the tree being walked.
    void push_back(std::uint64_t key) {
        if (buffer_.size() == kBufferKeys) flush();
        buffer_.push_back(key);
    }
    /// Ends the keys of tree `tree` (0 or 1; each once, in order).
    void end_tree(std::size_t tree);
    /// The keys of tree `tree`.
    std::size_t size(std::size_t tree) const { return sizes_[tree]; }

    /// Calls `f(tree, i, key)` for the key of node i of each tree, tree 0 first, reading the
    /// file in pieces. Throws std::runtime_error when the file cannot be read.
    template <class F>
    void for_each(F&& f) const {
        if (trees_ended_ != 2) throw std::logic_error("KeySpill: read before both trees ended");
        std::vector<std::uint64_t> piece;
        std::size_t tree = 0;
        std::size_t i = 0;
        const std::size_t total = sizes_[0] + sizes_[1];
        for (std::size_t first = 0; first < total; first += kBufferKeys) {
            read(first, std::min(kBufferKeys, total - first), piece);
            for (const std::uint64_t key : piece) {
                while (i == sizes_[tree]) {
                    ++tree;
                    i = 0;
                }
                f(tree, i++, key);
            }
        }
    }

  private:
    static constexpr std::size_t kBufferKeys = std::size_t{1} << 17;  // 1 MiB

    void flush();
    /// Reads keys [first, first + count) into `keys`.
    void read(std::size_t first, std::size_t count, std::vector<std::uint64_t>& keys) const;
    /// Throws std::runtime_error saying `what` went wrong, with `error` (errno; 0 when the
    /// file was shorter than written).
    [[noreturn]] void fail(const char* what, int error) const;

    std::filesystem::path directory_;
    int fd_ = -1;
    std::vector<std::uint64_t> buffer_;
    std::size_t written_ = 0;  // keys in the file
    std::array<std::size_t, 2> sizes_{};
    std::size_t trees_ended_ = 0;
};

}  // namespace josekic::index
