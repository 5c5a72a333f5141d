// Regressions found by the fuzzers and the adversarial suite (tag [reliability]): each input
// that once crashed, hung or lost data, with the outcome now expected.

#include <catch2/catch.hpp>

#include <string>

#include "core/diag/diagnostic.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::testing {
namespace {

std::string utf16le(std::string_view ascii) {
    std::string out;
    for (const char c : ascii) {
        out += c;
        out += '\0';
    }
    return out;
}

// Found by the adversarial suite: a lone surrogate in a UTF-16 file made the decoder skip
// one byte, so everything after it was decoded from odd bytes and the game was lost
// ("value is not closed before end of file", then "no moves").
TEST_CASE("a lone UTF-16 surrogate costs one character, not the rest of the file",
          "[reliability][sgf]") {
    const std::string high = std::string("\xFF\xFE", 2) + utf16le("(;GM[1]FF[4]SZ[19]PB[a") +
                             std::string("\x00\xD8", 2) + utf16le("]PW[b") +
                             std::string("\x00\xDC", 2) + utf16le("];B[pd];W[dp])");
    diag::DiagnosticList sink;
    const auto games = sgf::read_games(high, "lone.sgf", sgf::ReadOptions{}, sink);
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.size() == 2);
    bool warned = false;
    for (const diag::Diagnostic& d : sink.items) {
        CHECK(d.code != diag::Code::UnterminatedValue);
        warned = warned || d.code == diag::Code::InvalidTextEncoding;
    }
    CHECK(warned);
}

}  // namespace
}  // namespace josekic::testing
