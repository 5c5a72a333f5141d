#include "emit/decimal_text.hpp"

namespace josekic::emit {

void NumberText::digits_front(std::uint64_t n) {
    do {
        put_front(static_cast<char>('0' + n % 10));
        n /= 10;
    } while (n != 0);
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
