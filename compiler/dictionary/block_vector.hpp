#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace josekic::dictionary {

/// A sequence indexed like a vector whose elements never move: they live in blocks of
/// 2^kBlockBits elements, and growing adds a block. A std::vector of trie nodes doubled its
/// way up, moving every node each time and touching twice the memory it ended with (in a
/// fox-28k compile ~100 MB of moves and page faults, a quarter of the merge's time). The
/// price is one more load per access, from a block table that stays in cache.
///
/// Elements are default-constructed a block at a time, so T must be default-constructible
/// and move-assignable; push_back() move-assigns into the next default element.
template <class T, unsigned kBlockBits = 12>
class BlockVector {
public:
    static constexpr std::size_t kBlockSize = std::size_t{1} << kBlockBits;

    T& operator[](std::size_t i) { return blocks_[i >> kBlockBits][i & kMask]; }
    const T& operator[](std::size_t i) const { return blocks_[i >> kBlockBits][i & kMask]; }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    void push_back(T&& value) {
        if ((size_ & kMask) == 0 && (size_ >> kBlockBits) == blocks_.size()) {
            blocks_.push_back(std::make_unique<T[]>(kBlockSize));
        }
        (*this)[size_] = std::move(value);
        ++size_;
    }

    /// Calls `f` on every element in index order (faster than indexing each one).
    template <class F>
    void for_each(F&& f) const {
        std::size_t left = size_;
        for (const auto& block : blocks_) {
            const std::size_t n = left < kBlockSize ? left : kBlockSize;
            for (std::size_t i = 0; i < n; ++i) f(block[i]);
            left -= n;
        }
    }

private:
    static constexpr std::size_t kMask = kBlockSize - 1;

    std::vector<std::unique_ptr<T[]>> blocks_;
    std::size_t size_ = 0;
};

}  // namespace josekic::dictionary
