#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "emit/decimal_text.hpp"
#include "emit/text_buffer.hpp"
#include "emit/text_cursor.hpp"

using namespace josekic::emit;

TEST_CASE("numbers are written as std::to_string and with separators", "[emit]") {
    for (const std::uint64_t n :
         {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{10}, std::uint64_t{99},
          std::uint64_t{100}, std::uint64_t{12345}, std::numeric_limits<std::uint64_t>::max()}) {
        CHECK(std::string_view(decimal(n)) == std::to_string(n));
        std::string appended;
        appended += decimal(n);
        CHECK(appended == std::to_string(n));
        TextBuffer buffer;
        buffer.commit(put_thousands(buffer.reserve(kMaxNumberBytes), n));
        CHECK(buffer.view() == std::string_view(thousands(n)));
    }
    for (const std::int64_t n :
         {std::int64_t{-2019}, std::int64_t{-5}, std::int64_t{0}, std::int64_t{9}, std::int64_t{10},
          std::int64_t{999}, std::int64_t{1000}, std::int64_t{2019}, std::int64_t{9999},
          std::int64_t{10000}, std::numeric_limits<std::int64_t>::min()}) {
        TextBuffer buffer;
        buffer.commit(put_signed_decimal(buffer.reserve(kMaxNumberBytes), n));
        CHECK(buffer.view() == std::to_string(n));
    }
    CHECK(std::string_view(signed_decimal(-2019)) == "-2019");
    CHECK(std::string_view(thousands(1234567)) == "1,234,567");
    CHECK(std::string_view(thousands(5)) == "5");
    CHECK(std::string_view(percent_text(2, 3)) == "66.7%");
    CHECK(std::string_view(percent_text(1, 0)) == "-");
}

TEST_CASE("a text buffer keeps every piece whatever its length", "[emit]") {
    const std::string source =
        "0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    TextBuffer buffer;
    std::string expected;
    for (std::size_t round = 0; round < 40; ++round) {
        for (std::size_t size = 0; size <= source.size(); ++size) {
            const std::string_view piece(source.data() + round % 7,
                                         std::min(size, source.size() - round % 7));
            buffer += piece;
            expected += piece;
        }
    }
    CHECK(buffer.view() == expected);
}

namespace {

// The formats as first written: digit by digit, std::to_string.
std::string reference_thousands(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
        text += digits[i];
    }
    return text;
}

std::string reference_percent(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return "-";
    const std::uint64_t tenths = (part * 1000 + whole / 2) / whole;
    std::string text = std::to_string(tenths / 10);
    text += '.';
    text += static_cast<char>('0' + tenths % 10);
    text += '%';
    return text;
}

// Every number of up to five digits, every power of ten and its neighbours, the extremes.
std::vector<std::uint64_t> sample_numbers() {
    std::vector<std::uint64_t> numbers;
    for (std::uint64_t n = 0; n <= 100000; ++n) numbers.push_back(n);
    for (std::uint64_t p = 10; p <= std::numeric_limits<std::uint64_t>::max() / 10; p *= 10) {
        for (const std::uint64_t n : {p - 1, p, p + 1, 3 * p + 7, 9 * p + 1234 % p})
            numbers.push_back(n);
        numbers.push_back(p * 10 - 1);
    }
    numbers.push_back(std::numeric_limits<std::uint64_t>::max());
    numbers.push_back(std::numeric_limits<std::uint64_t>::max() - 1);
    return numbers;
}

}  // namespace

TEST_CASE("the in-place writers agree with std::to_string and the digit-by-digit formats",
          "[emit]") {
    for (const std::uint64_t n : sample_numbers()) {
        std::array<char, kMaxNumberBytes> buffer{};
        const auto written = [&buffer](const char* end) {
            return std::string(static_cast<const char*>(buffer.data()), end);
        };
        REQUIRE(written(put_decimal(buffer.data(), n)) == std::to_string(n));
        REQUIRE(written(put_thousands(buffer.data(), n)) == reference_thousands(n));
        const auto signed_n = static_cast<std::int64_t>(n);
        REQUIRE(written(put_signed_decimal(buffer.data(), signed_n)) == std::to_string(signed_n));
        REQUIRE(written(put_signed_decimal(buffer.data(), -signed_n)) == std::to_string(-signed_n));
    }
    std::array<char, kMaxNumberBytes> buffer{};
    const char* end = put_signed_decimal(buffer.data(), std::numeric_limits<std::int64_t>::min());
    CHECK(std::string(static_cast<const char*>(buffer.data()), end) ==
          std::to_string(std::numeric_limits<std::int64_t>::min()));
}

TEST_CASE("percentages agree with the rounding formula, shortcuts included", "[emit]") {
    for (std::uint64_t whole = 0; whole <= 300; ++whole) {
        for (std::uint64_t part = 0; part <= whole + 2; ++part) {
            REQUIRE(std::string_view(percent_text(part, whole)) == reference_percent(part, whole));
        }
    }
    for (const std::uint64_t whole :
         {std::uint64_t{999'999}, std::uint64_t{1'000'000'007}, std::uint64_t{1} << 40}) {
        for (const std::uint64_t part :
             {std::uint64_t{0}, std::uint64_t{1}, whole / 3, whole / 2, whole - 1, whole}) {
            CHECK(std::string_view(percent_text(part, whole)) == reference_percent(part, whole));
        }
    }
}

TEST_CASE("a text cursor appends its pieces where the buffer ends, growing it first", "[emit]") {
    TextBuffer buffer;
    std::string expected;
    for (int round = 0; round < 100; ++round) {
        buffer += "x";
        expected += "x";
        {
            TextCursor t(buffer, 40 + 4 * kMaxNumberBytes);
            t.put("Played ");
            t.thousands(static_cast<std::uint64_t>(round) * 1000);
            t.put(std::string_view("abc", static_cast<std::size_t>(round % 4)));
            t.put(' ');
            t.percent(static_cast<std::uint64_t>(round), 99);
            t.decimal(static_cast<std::uint64_t>(round));
            t.signed_decimal(-round);
        }
        expected += "Played ";
        expected += reference_thousands(static_cast<std::uint64_t>(round) * 1000);
        expected += std::string_view("abc", static_cast<std::size_t>(round % 4));
        expected += ' ';
        expected += reference_percent(static_cast<std::uint64_t>(round), 99);
        expected += std::to_string(round);
        expected += std::to_string(-round);
    }
    CHECK(buffer.view() == expected);
}

TEST_CASE("a count says its noun in the plural but for one", "[emit]") {
    CHECK(counted(0, "time") == "0 times");
    CHECK(counted(1, "time") == "1 time");
    CHECK(counted(2, "decided game") == "2 decided games");
    CHECK(counted(1234567, "move") == "1,234,567 moves");
}
