#include "emit/decimal_text.hpp"

namespace josekic::emit {

namespace {

// "00" "01" ... "99": two digits per division.
constexpr std::array<char, 200> kTwoDigits = [] {
    std::array<char, 200> table{};
    for (std::size_t i = 0; i < 100; ++i) {
        table[2 * i] = static_cast<char>('0' + i / 10);
        table[2 * i + 1] = static_cast<char>('0' + i % 10);
    }
    return table;
}();

}  // namespace

void NumberText::digits_front(std::uint64_t n) {
    while (n >= 100) {
        const std::size_t pair = static_cast<std::size_t>(n % 100) * 2;
        n /= 100;
        put_front(kTwoDigits[pair + 1]);
        put_front(kTwoDigits[pair]);
    }
    if (n >= 10) {
        put_front(kTwoDigits[n * 2 + 1]);
        put_front(kTwoDigits[n * 2]);
    } else {
        put_front(static_cast<char>('0' + n));
    }
}

NumberText decimal(std::uint64_t n) {
    NumberText text;
    text.digits_front(n);
    return text;
}

NumberText signed_decimal(std::int64_t n) {
    NumberText text;
    text.digits_front(n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n));
    if (n < 0) text.put_front('-');
    return text;
}

NumberText thousands(std::uint64_t n) {
    NumberText text;
    int in_group = 0;
    do {
        if (in_group == 3) {
            text.put_front(',');
            in_group = 0;
        }
        text.put_front(static_cast<char>('0' + n % 10));
        n /= 10;
        ++in_group;
    } while (n != 0);
    return text;
}

NumberText percent_text(std::uint64_t part, std::uint64_t whole) {
    NumberText text;
    if (whole == 0) {
        text.put_front('-');
        return text;
    }
    // Integer rounding keeps the text independent of the locale and of floating point.
    const std::uint64_t tenths = (part * 1000 + whole / 2) / whole;
    text.put_front('%');
    text.put_front(static_cast<char>('0' + tenths % 10));
    text.put_front('.');
    text.digits_front(tenths / 10);
    return text;
}

}  // namespace josekic::emit
