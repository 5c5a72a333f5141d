#include <catch2/catch.hpp>

#include <string>

#include "core/sgf/utf8.hpp"

using namespace josekic;

TEST_CASE("a UTF-8 sequence is as long as its lead byte says, and well formed", "[utf8]") {
    CHECK(sgf::utf8_sequence("a", 0) == 1);
    CHECK(sgf::utf8_sequence("\xC3\xA9", 0) == 2);          // é
    CHECK(sgf::utf8_sequence("\xE6\xA3\x8B", 0) == 3);      // 棋
    CHECK(sgf::utf8_sequence("\xF0\x9F\x80\x84", 0) == 4);  // U+1F004
    CHECK(sgf::utf8_sequence("\xC0\xAF", 0) == 0);          // overlong '/'
    CHECK(sgf::utf8_sequence("\xE0\x80\xAF", 0) == 0);      // overlong, three bytes
    CHECK(sgf::utf8_sequence("\xED\xA0\x80", 0) == 0);      // a UTF-16 surrogate
    CHECK(sgf::utf8_sequence("\xF4\x90\x80\x80", 0) == 0);  // above U+10FFFF
    CHECK(sgf::utf8_sequence("\xE6\xA3", 0) == 0);          // cut short
    CHECK(sgf::utf8_sequence("\xE9t\xE9", 0) == 0);         // Latin-1
}

TEST_CASE("valid UTF-8 is what every sequence of it is", "[utf8]") {
    CHECK(sgf::is_valid_utf8(""));
    CHECK(sgf::is_valid_utf8("plain ASCII, longer than eight bytes"));
    CHECK(sgf::is_valid_utf8("Lee Sedol \xEC\x9D\xB4\xEC\x84\xB8\xEB\x8F\x8C"));
    CHECK_FALSE(sgf::is_valid_utf8("Lee Sedol \xEC\x9D"));
    CHECK_FALSE(sgf::is_valid_utf8("caf\xE9 au lait, and then some"));
}

TEST_CASE("code points are read from well-formed sequences, others skipped", "[utf8]") {
    CHECK(sgf::code_points("a\xC3\xA9\xE6\xA3\x8B") == std::vector<char32_t>{U'a', U'é', U'棋'});
    CHECK(sgf::code_points("\xFF"
                           "b\xC3") == std::vector<char32_t>{U'b'});
}
