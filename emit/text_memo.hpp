#pragma once

#include <array>
#include <cstddef>
#include <cstring>

namespace josekic::emit {

/// The text written last for one kind of piece and what it was made from, so that the next
/// piece made from an equal `Key` copies the text instead of formatting it again: along a
/// single-game tail, most of a large tree, node after node has the same statistics. Text
/// longer than kMaxBytes is not remembered. One per writer (not shared between threads); it
/// starts empty.
template <class Key, std::size_t kBytes>
class TextMemo {
public:
    /// Text longer than this is not remembered.
    static constexpr std::size_t kMaxBytes = kBytes;

    /// The length of the remembered text when it was made from `key`, else 0.
    std::size_t size_for(const Key& key) const { return size_ > 0 && key == key_ ? size_ : 0; }
    /// The remembered text, padded to kMaxBytes (callers copy it in fixed moves).
    const char* padded_text() const { return text_.data(); }
    /// Remembers the `size` bytes at `text` as made from `key`; the kMaxBytes bytes at
    /// `text` must be readable (they are copied in fixed moves).
    void remember(const Key& key, const char* text, std::size_t size) {
        key_ = key;
        size_ = size <= kMaxBytes ? size : 0;
        if (size_ > 0) std::memcpy(text_.data(), text, kMaxBytes);
    }

private:
    Key key_{};
    std::array<char, kMaxBytes> text_{};
    std::size_t size_ = 0;  // 0: nothing remembered
};

}  // namespace josekic::emit
