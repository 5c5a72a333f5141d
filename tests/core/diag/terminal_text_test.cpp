#include <catch2/catch.hpp>

#include <string>

#include "core/diag/diagnostic.hpp"
#include "core/diag/terminal_text.hpp"

using namespace josekic;
using josekic::diag::terminal_text;

TEST_CASE("text shown on a terminal keeps every script and loses its control characters",
          "[diag]") {
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
    // A name shown in another order (U+202E), a line split by U+2028; U+2010 and U+2070 kept.
    CHECK(terminal_text("a\xE2\x80\xAE"
                        "b\xE2\x80\xA8"
                        "c\xE2\x81\xA6"
                        "d\xE2\x80\x90\xE2\x81\xB0") ==
          "a" + replacement + "b" + replacement + "c" + replacement + "d\xE2\x80\x90\xE2\x81\xB0");
    // Bytes of no UTF-8 character (a name in another charset, a character cut short): each
    // one replaced, 0x9B (CSI to a Latin-1 terminal) among them; line feeds kept on request.
    CHECK(terminal_text("x\xE2\x80") == "x" + replacement + replacement);
    CHECK(terminal_text("a\x9B"
                        "2Jb\xFF") == "a" + replacement + "2Jb" + replacement);
    CHECK(diag::terminal_lines("one\ntwo\x1B") == "one\ntwo" + replacement);
}

TEST_CASE("a diagnostic is one line whatever its file's name and message hold", "[diag]") {
    const std::string replacement = "\xEF\xBF\xBD";
    const diag::Diagnostic d{"games/a\nb\x1B[2J.sgf", diag::SourceLocation{3, 4},
                             diag::Severity::Warning, diag::Code::BadMove, "'z\rz' is not a point"};
    CHECK(diag::format(d) == "games/a" + replacement + "b" + replacement +
                                 "[2J.sgf:3:4: warning: '" + "z" + replacement +
                                 "z' is not a point [bad-move]");
}
