#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace josekic::dictionary {

/// A sequence indexed like a vector whose elements never move: they live in blocks of
/// 2^kBlockBits elements, and growing adds a block. A std::vector of trie nodes doubled its
/// way up, moving every node each time and touching twice the memory it ended with, which
/// was a large part of the merge's time (docs/PERFORMANCE.md). The price is one more load
/// per access, from a block table that stays in cache.
///
/// A block is raw storage; push_back() constructs each element in place, so nothing is
/// written twice (a trie node used to be default-constructed with its block, then assigned).
/// Movable, not copyable.
template <class T, unsigned kBlockBits = 12>
class BlockVector {
  public:
    static constexpr std::size_t kBlockSize = std::size_t{1} << kBlockBits;

    BlockVector() = default;
    BlockVector(BlockVector&& other) noexcept
        : blocks_(std::move(other.blocks_)), size_(std::exchange(other.size_, 0)) {}
    BlockVector& operator=(BlockVector&& other) noexcept {
        if (this != &other) {
            destroy_all();
            blocks_ = std::move(other.blocks_);
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    ~BlockVector() { destroy_all(); }

    T& operator[](std::size_t i) { return *element(blocks_[i >> kBlockBits].get(), i & kMask); }
    const T& operator[](std::size_t i) const {
        return *element(blocks_[i >> kBlockBits].get(), i & kMask);
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    void push_back(T&& value) {
        if ((size_ & kMask) == 0 && (size_ >> kBlockBits) == blocks_.size()) {
            blocks_.push_back(std::make_unique_for_overwrite<Slot[]>(kBlockSize));
        }
        ::new (static_cast<void*>(&blocks_[size_ >> kBlockBits][size_ & kMask]))
            T(std::move(value));
        ++size_;
    }

    /// Calls `f` on every element in index order (faster than indexing each one).
    template <class F>
    void for_each(F&& f) const {
        std::size_t left = size_;
        for (const auto& block : blocks_) {
            const std::size_t n = left < kBlockSize ? left : kBlockSize;
            for (std::size_t i = 0; i < n; ++i) f(*element(block.get(), i));
            left -= n;
        }
    }

  private:
    static constexpr std::size_t kMask = kBlockSize - 1;

    /// Storage for one element.
    struct Slot {
        alignas(T) std::byte bytes[sizeof(T)];
    };

    static T* element(Slot* block, std::size_t i) {
        return std::launder(reinterpret_cast<T*>(&block[i]));
    }

    void destroy_all() {
        if constexpr (!std::is_trivially_destructible_v<T>) {
            for (std::size_t i = 0; i < size_; ++i) (*this)[i].~T();
        }
        size_ = 0;
    }

    std::vector<std::unique_ptr<Slot[]>> blocks_;
    std::size_t size_ = 0;
};

}  // namespace josekic::dictionary
