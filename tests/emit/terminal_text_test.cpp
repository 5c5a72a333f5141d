#include <catch2/catch.hpp>

#include <string>

#include "emit/terminal_text.hpp"

using josekic::emit::terminal_text;

TEST_CASE("text shown on a terminal keeps every script and loses its control characters",
          "[emit]") {
    const std::string replacement = "\xEF\xBF\xBD";
    CHECK(terminal_text("Lee Sedol 9p") == "Lee Sedol 9p");
    CHECK(terminal_text("\xE6\x9D\x8E\xE4\xB8\x96\xE7\x9F\xB3") ==
          "\xE6\x9D\x8E\xE4\xB8\x96\xE7\x9F\xB3");  // 李世石
    // A window title set (ESC ] 0; ... BEL), the screen cleared (ESC [ 2 J), a line overwritten.
    CHECK(terminal_text("\x1B]0;pwned\x07x") == replacement + "]0;pwned" + replacement + "x");
    CHECK(terminal_text("a\rb\nc\x7F") ==
          "a" + replacement + "b" + replacement + "c" + replacement);
    // An 8-bit CSI (U+009B) is one replacement; U+00A0 and after are kept.
    CHECK(terminal_text("\xC2\x9B"
                        "2J\xC2\xA0") == replacement + "2J\xC2\xA0");
}
