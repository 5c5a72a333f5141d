#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace josekic::emit {

/// A number as text, formatted into a small buffer of its own: `out += decimal(n)` works
/// for std::string and TextBuffer alike, with one append per number. The writer formats
/// several numbers per node of dictionaries of hundreds of thousands of nodes, and
/// std::to_string plus concatenation allocated for each. Every number josekic writes goes
/// through these (locale-independent, no floating point).
class NumberText {
public:
    operator std::string_view() const { return {buffer_.data() + begin_, buffer_.size() - begin_}; }

private:
    friend NumberText decimal(std::uint64_t n);
    friend NumberText signed_decimal(std::int64_t n);
    friend NumberText thousands(std::uint64_t n);
    friend NumberText percent_text(std::uint64_t part, std::uint64_t whole);
    void put_front(char c) { buffer_[--begin_] = c; }
    void digits_front(std::uint64_t n);

    std::array<char, 32> buffer_;
    std::size_t begin_ = 32;
};

/// The decimal digits of `n`.
NumberText decimal(std::uint64_t n);
/// `n` in decimal with a leading '-' when negative, as std::to_string writes it.
NumberText signed_decimal(std::int64_t n);
/// `n` with thousands separators: 1234567 -> "1,234,567".
NumberText thousands(std::uint64_t n);
/// part of whole as a percentage with one decimal, "65.8%"; "-" when whole is 0.
NumberText percent_text(std::uint64_t part, std::uint64_t whole);

/// `out += decimal(n)`; a one-digit number (most statistics of a dictionary's long tails)
/// is appended as one character, without a buffer and a copy.
template <typename Out>
void append_decimal(Out& out, std::uint64_t n) {
    if (n < 10) out += static_cast<char>('0' + n);
    else out += decimal(n);
}
/// `out += signed_decimal(n)`; one digit and four-digit numbers (years, on every node)
/// are written without a buffer and a copy.
template <typename Out>
void append_signed_decimal(Out& out, std::int64_t n) {
    if (n >= 0 && n < 10) {
        out += static_cast<char>('0' + n);
    } else if (n >= 1000 && n < 10000) {
        const auto v = static_cast<int>(n);
        out += static_cast<char>('0' + v / 1000);
        out += static_cast<char>('0' + v / 100 % 10);
        out += static_cast<char>('0' + v / 10 % 10);
        out += static_cast<char>('0' + v % 10);
    } else {
        out += signed_decimal(n);
    }
}
/// `out += thousands(n)`, with append_decimal's shortcut for one digit.
template <typename Out>
void append_thousands(Out& out, std::uint64_t n) {
    if (n < 10) out += static_cast<char>('0' + n);
    else out += thousands(n);
}

}  // namespace josekic::emit
