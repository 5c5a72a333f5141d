#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "emit/decimal_text.hpp"
#include "emit/text_buffer.hpp"

using namespace josekic::emit;

TEST_CASE("numbers are written as std::to_string and with separators", "[emit]") {
    for (const std::uint64_t n : {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{10}, std::uint64_t{99},
                                  std::uint64_t{100}, std::uint64_t{12345}, std::numeric_limits<std::uint64_t>::max()}) {
        CHECK(std::string_view(decimal(n)) == std::to_string(n));
        std::string appended;
        append_decimal(appended, n);
        CHECK(appended == std::to_string(n));
        TextBuffer buffer;
        append_thousands(buffer, n);
        CHECK(buffer.view() == std::string_view(thousands(n)));
    }
    for (const std::int64_t n : {std::int64_t{-2019}, std::int64_t{-5}, std::int64_t{0}, std::int64_t{9}, std::int64_t{10},
                                 std::int64_t{999}, std::int64_t{1000}, std::int64_t{2019}, std::int64_t{9999},
                                 std::int64_t{10000}, std::numeric_limits<std::int64_t>::min()}) {
        TextBuffer buffer;
        append_signed_decimal(buffer, n);
        CHECK(buffer.view() == std::to_string(n));
    }
    CHECK(std::string_view(signed_decimal(-2019)) == "-2019");
    CHECK(std::string_view(thousands(1234567)) == "1,234,567");
    CHECK(std::string_view(thousands(5)) == "5");
    CHECK(std::string_view(percent_text(2, 3)) == "66.7%");
    CHECK(std::string_view(percent_text(1, 0)) == "-");
}

TEST_CASE("a text buffer keeps every piece whatever its length", "[emit]") {
    const std::string source = "0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    TextBuffer buffer;
    std::string expected;
    for (std::size_t round = 0; round < 40; ++round) {
        for (std::size_t size = 0; size <= source.size(); ++size) {
            const std::string_view piece(source.data() + round % 7, std::min(size, source.size() - round % 7));
            buffer += piece;
            expected += piece;
        }
    }
    CHECK(buffer.view() == expected);
}
