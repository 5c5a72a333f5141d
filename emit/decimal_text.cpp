#include "emit/decimal_text.hpp"

#include <cstdio>

namespace josekic::emit {

namespace {

// ",000" ",001" ... ",999": one look-up per group of three digits after the first.
constexpr std::array<char, 4000> kCommaGroups = [] {
    std::array<char, 4000> table{};
    for (std::size_t i = 0; i < 1000; ++i) {
        table[4 * i] = ',';
        table[4 * i + 1] = static_cast<char>('0' + i / 100);
        table[4 * i + 2] = static_cast<char>('0' + i / 10 % 10);
        table[4 * i + 3] = static_cast<char>('0' + i % 10);
    }
    return table;
}();

// 10^0 ... 10^19, for the number of digits.
constexpr std::array<std::uint64_t, 20> kPowersOfTen = [] {
    std::array<std::uint64_t, 20> table{};
    std::uint64_t p = 1;
    for (std::uint64_t& entry : table) {
        entry = p;
        p *= 10;
    }
    return table;
}();

}  // namespace

namespace detail {

char* put_decimal_long(char* to, std::uint64_t n) {
    // The length first, so that the digits are written where they belong, two at a time
    // from the last.
    std::size_t length = 3;
    while (length < kPowersOfTen.size() && n >= kPowersOfTen[length]) ++length;
    char* at = to + length;
    while (n >= 100) {
        at -= 2;
        std::memcpy(at, &kTwoDigits[n % 100 * 2], 2);
        n /= 100;
    }
    if (n >= 10) {
        std::memcpy(at - 2, &kTwoDigits[n * 2], 2);
    } else {
        at[-1] = static_cast<char>('0' + n);
    }
    return to + length;
}

char* put_thousands_long(char* to, std::uint64_t n) {
    std::array<std::size_t, 7> groups{};
    std::size_t count = 0;
    while (n >= 1000) {
        groups[count++] = static_cast<std::size_t>(n % 1000);
        n /= 1000;
    }
    to = put_decimal(to, n);
    while (count > 0) {
        std::memcpy(to, &kCommaGroups[groups[--count] * 4], 4);
        to += 4;
    }
    return to;
}

char* put_percent_long(char* to, std::uint64_t part, std::uint64_t whole) {
    const std::uint64_t tenths = (part * 1000 + whole / 2) / whole;
    to = put_decimal(to, tenths / 10);
    to[0] = '.';
    to[1] = static_cast<char>('0' + tenths % 10);
    to[2] = '%';
    return to + 3;
}

}  // namespace detail

NumberText decimal(std::uint64_t n) {
    NumberText text;
    text.set_end(put_decimal(text.buffer_.data(), n));
    return text;
}

NumberText signed_decimal(std::int64_t n) {
    NumberText text;
    text.set_end(put_signed_decimal(text.buffer_.data(), n));
    return text;
}

NumberText thousands(std::uint64_t n) {
    NumberText text;
    text.set_end(put_thousands(text.buffer_.data(), n));
    return text;
}

NumberText percent_text(std::uint64_t part, std::uint64_t whole) {
    NumberText text;
    text.set_end(put_percent(text.buffer_.data(), part, whole));
    return text;
}

std::string with_thousands(std::uint64_t n) {
    return std::string(thousands(n));
}

std::string counted(std::uint64_t n, std::string_view noun) {
    std::string text = with_thousands(n);
    text += ' ';
    text += noun;
    if (n != 1) text += 's';
    return text;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
    return std::string(percent_text(part, whole));
}

std::string fraction_percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g%%", fraction * 100.0);
    return buffer;
}

}  // namespace josekic::emit
