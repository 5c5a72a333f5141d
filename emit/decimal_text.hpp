#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace josekic::emit {

// Every number josekic writes goes through these (locale-independent, no floating point).
// The writer formats several numbers per node of dictionaries of hundreds of thousands of
// nodes, so each is written once, straight where it goes: the put_ functions write at a
// pointer into room reserved beforehand (TextBuffer::reserve) and return the end.

/// The most bytes one number takes: "18,446,744,073,709,551,615" is 26.
inline constexpr std::size_t kMaxNumberBytes = 32;

namespace detail {
/// "00" "01" ... "99": two digits per division.
inline constexpr std::array<char, 200> kTwoDigits = [] {
    std::array<char, 200> table{};
    for (std::size_t i = 0; i < 100; ++i) {
        table[2 * i] = static_cast<char>('0' + i / 10);
        table[2 * i + 1] = static_cast<char>('0' + i % 10);
    }
    return table;
}();
/// put_decimal for n >= 100.
char* put_decimal_long(char* to, std::uint64_t n);
/// put_thousands for n >= 1000.
char* put_thousands_long(char* to, std::uint64_t n);
/// put_percent for 0 < part != whole.
char* put_percent_long(char* to, std::uint64_t part, std::uint64_t whole);
}  // namespace detail

/// Writes the decimal digits of `n` at `to` and returns the end.
inline char* put_decimal(char* to, std::uint64_t n) {
    // Most statistics of a dictionary's long tails have one or two digits.
    if (n < 10) {
        *to = static_cast<char>('0' + n);
        return to + 1;
    }
    if (n < 100) {
        std::memcpy(to, &detail::kTwoDigits[n * 2], 2);
        return to + 2;
    }
    return detail::put_decimal_long(to, n);
}

/// Writes `n` in decimal with a leading '-' when negative, as std::to_string writes it.
inline char* put_signed_decimal(char* to, std::int64_t n) {
    // Years, on every node: two table look-ups.
    if (n >= 1000 && n < 10000) {
        const auto v = static_cast<std::size_t>(n);
        std::memcpy(to, &detail::kTwoDigits[v / 100 * 2], 2);
        std::memcpy(to + 2, &detail::kTwoDigits[v % 100 * 2], 2);
        return to + 4;
    }
    if (n >= 0) return put_decimal(to, static_cast<std::uint64_t>(n));
    *to = '-';
    return put_decimal(to + 1, 0 - static_cast<std::uint64_t>(n));
}

/// Writes `n` with thousands separators: 1234567 -> "1,234,567".
inline char* put_thousands(char* to, std::uint64_t n) {
    return n < 1000 ? put_decimal(to, n) : detail::put_thousands_long(to, n);
}

/// Writes part of whole as a percentage with one decimal, "65.8%"; "-" when whole is 0.
/// Integer rounding keeps the text independent of the locale and of floating point.
inline char* put_percent(char* to, std::uint64_t part, std::uint64_t whole) {
    // The two shares of a line that only one game played, on most nodes of a large tree.
    if (whole == 0) {
        *to = '-';
        return to + 1;
    }
    if (part == whole) {
        std::memcpy(to, "100.0%", 6);
        return to + 6;
    }
    if (part == 0) {
        std::memcpy(to, "0.0%", 4);
        return to + 4;
    }
    return detail::put_percent_long(to, part, whole);
}

/// A number as text, formatted into a small buffer of its own: `out += decimal(n)` works
/// for std::string and TextBuffer alike, with one append per number.
class NumberText {
  public:
    operator std::string_view() const { return {buffer_.data(), size_}; }

  private:
    friend NumberText decimal(std::uint64_t n);
    friend NumberText signed_decimal(std::int64_t n);
    friend NumberText thousands(std::uint64_t n);
    friend NumberText percent_text(std::uint64_t part, std::uint64_t whole);
    void set_end(const char* end) { size_ = static_cast<std::size_t>(end - buffer_.data()); }

    std::array<char, kMaxNumberBytes> buffer_;
    std::size_t size_ = 0;
};

/// The decimal digits of `n`.
NumberText decimal(std::uint64_t n);
/// `n` in decimal with a leading '-' when negative, as std::to_string writes it.
NumberText signed_decimal(std::int64_t n);
/// `n` with thousands separators: 1234567 -> "1,234,567".
NumberText thousands(std::uint64_t n);
/// part of whole as a percentage with one decimal, "65.8%"; "-" when whole is 0.
NumberText percent_text(std::uint64_t part, std::uint64_t whole);

// The same as strings, for text written once per file or report (split index, report.txt,
// coverage tables, warnings), where a std::string is what the caller builds.

/// 1234567 -> "1,234,567".
std::string with_thousands(std::uint64_t n);
/// `n` with thousands separators and `noun`, plural but for one: "1 time", "1,234 times".
std::string counted(std::uint64_t n, std::string_view noun);
/// part of whole as a percentage with one decimal, "65.8%"; "-" when whole is 0.
std::string percent(std::uint64_t part, std::uint64_t whole);
/// A fraction as a percentage with up to six significant digits and no trailing zeros:
/// 0.05 -> "5%", 0.005 -> "0.5%" (a --min-share value as the user would write it).
std::string fraction_percent(double fraction);

}  // namespace josekic::emit
