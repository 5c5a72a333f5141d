#pragma once

#include <cassert>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace josekic::emit {

/// Copies `size` (at most 16) bytes from `from` to `to` (which must not overlap) with two
/// overlapping fixed-size moves instead of a call to memcpy.
inline void copy_short(char* to, const char* from, std::size_t size) {
    if (size >= 8) {
        std::memcpy(to, from, 8);
        std::memcpy(to + size - 8, from + size - 8, 8);
    } else if (size >= 4) {
        std::memcpy(to, from, 4);
        std::memcpy(to + size - 4, from + size - 4, 4);
    } else if (size > 0) {
        to[0] = from[0];
        to[size / 2] = from[size / 2];
        to[size - 1] = from[size - 1];
    }
}

/// Copies `size` bytes from `from` to `to` (which must not overlap). Most pieces of text the
/// writer copies are numbers and short words of variable length: copy_short.
inline void copy_bytes(char* to, const char* from, std::size_t size) {
    if (size <= 16)
        copy_short(to, from, size);
    else
        std::memcpy(to, from, size);
}

/// A growable byte buffer for text built piece by piece. Unlike std::string its appends
/// are inline and do not keep a terminating NUL, which matters at tens of appends per node
/// of dictionaries with hundreds of thousands of nodes. The storage is kept by clear(), so
/// one buffer serves every node.
class TextBuffer {
  public:
    TextBuffer() = default;
    explicit TextBuffer(std::size_t capacity) { grow(capacity); }

    TextBuffer& operator+=(char c) {
        if (size_ == capacity_) grow(1);
        data_[size_++] = c;
        return *this;
    }
    TextBuffer& operator+=(std::string_view text) {
        append(text.data(), text.size());
        return *this;
    }
    void append(const char* text, std::size_t size) {
        if (capacity_ - size_ < size) grow(size);
        copy_bytes(data_.get() + size_, text, size);
        size_ += size;
    }

    /// Makes room for at least `size` more bytes and returns where they start. The caller
    /// writes at most `size` bytes there (a TextCursor, text_cursor.hpp) and then calls
    /// commit() with the end of what it wrote; any other call in between invalidates the
    /// pointer. Text whose length has a known bound is written this way without a check
    /// for room per piece.
    char* reserve(std::size_t size) {
        if (capacity_ - size_ < size) grow(size);
        return data_.get() + size_;
    }
    /// Counts the bytes written since reserve() up to `end` as appended.
    void commit(const char* end) {
        assert(end >= data_.get() + size_ && end <= data_.get() + capacity_);
        size_ = static_cast<std::size_t>(end - data_.get());
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    char back() const { return data_[size_ - 1]; }
    void pop_back() { --size_; }
    char& operator[](std::size_t i) { return data_[i]; }
    void clear() { size_ = 0; }
    std::string_view view() const { return {data_.get(), size_}; }

  private:
    // Room for at least `more` bytes beyond size_, doubling so appends stay amortised O(1).
    void grow(std::size_t more) {
        std::size_t capacity = capacity_ == 0 ? 256 : capacity_ * 2;
        while (capacity - size_ < more) capacity *= 2;
        std::unique_ptr<char[]> data(new char[capacity]);
        if (size_ > 0) std::memcpy(data.get(), data_.get(), size_);
        data_ = std::move(data);
        capacity_ = capacity;
    }

    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

}  // namespace josekic::emit
