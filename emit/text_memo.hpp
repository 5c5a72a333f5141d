#pragma once

#include <array>
#include <cstddef>
#include <cstring>

#include "emit/text_cursor.hpp"

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

    /// Writes at the cursor the text made from `key`: the remembered text when it was made
    /// from an equal key, else what `format(cursor)` writes, which is then remembered. The
    /// cursor's room must hold kMaxBytes: the remembered text is copied in fixed moves,
    /// not by its exact length.
    template <class Format>
    void put(TextCursor& cursor, const Key& key, Format&& format) {
        if (size_ > 0 && key == key_) {
            std::memcpy(cursor.at(), text_.data(), kMaxBytes);
            cursor.advance_to(cursor.at() + size_);
            return;
        }
        char* const start = cursor.at();
        format(cursor);
        const auto size = static_cast<std::size_t>(cursor.at() - start);
        key_ = key;
        // The kMaxBytes bytes at `start` are in the cursor's room, so readable.
        size_ = size <= kMaxBytes ? size : 0;
        if (size_ > 0) std::memcpy(text_.data(), start, kMaxBytes);
    }

  private:
    Key key_{};
    std::array<char, kMaxBytes> text_{};
    std::size_t size_ = 0;  // 0: nothing remembered
};

}  // namespace josekic::emit
