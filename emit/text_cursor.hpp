#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "emit/decimal_text.hpp"
#include "emit/text_buffer.hpp"

namespace josekic::emit {

/// Writes text at the end of a TextBuffer without a check for room per piece: it reserves
/// `room` bytes when made, and what it wrote counts as appended when it goes out of scope.
/// The code that makes one must not write more than `room` bytes (each use says how its
/// bound is made up; the sanitizer build, JOSEKIC_SANITIZE, asserts it) and must not touch
/// the buffer meanwhile.
/// Dictionary text is mostly fixed words and numbers, written this way a few moves each
/// instead of a check, a call and a reload of the buffer's fields per piece.
class TextCursor {
  public:
    TextCursor(TextBuffer& out, std::size_t room)
        : out_(out), at_(out.reserve(room)), limit_(at_ + room) {}
    TextCursor(const TextCursor&) = delete;
    TextCursor& operator=(const TextCursor&) = delete;
    ~TextCursor() { out_.commit(at_); }

    /// A string literal: its length is known when compiling, so the copy is a few moves.
    template <std::size_t N>
    void put(const char (&literal)[N]) {
        assert(at_ + (N - 1) <= limit_);
        std::memcpy(at_, literal, N - 1);
        at_ += N - 1;
    }
    void put(std::string_view text) {
        assert(at_ + text.size() <= limit_);
        copy_bytes(at_, text.data(), text.size());
        at_ += text.size();
    }
    void put(char c) {
        assert(at_ < limit_);
        *at_++ = c;
    }
    /// put_decimal (decimal_text.hpp); at most kMaxNumberBytes.
    void decimal(std::uint64_t n) { at_ = checked(put_decimal(at_, n)); }
    /// put_signed_decimal; at most kMaxNumberBytes.
    void signed_decimal(std::int64_t n) { at_ = checked(put_signed_decimal(at_, n)); }
    /// put_thousands; at most kMaxNumberBytes.
    void thousands(std::uint64_t n) { at_ = checked(put_thousands(at_, n)); }
    /// put_percent; at most kMaxNumberBytes.
    void percent(std::uint64_t part, std::uint64_t whole) {
        at_ = checked(put_percent(at_, part, whole));
    }
    /// Where the next byte goes, for writers of their own (which return their end to
    /// advance_to).
    char* at() const { return at_; }
    void advance_to(char* end) { at_ = checked(end); }

  private:
    char* checked(char* end) const {
        assert(end <= limit_);
        return end;
    }

    TextBuffer& out_;
    char* at_;
    [[maybe_unused]] char* limit_;
};

}  // namespace josekic::emit
