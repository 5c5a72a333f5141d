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

// Found by the SGF reader's fuzzer: a game whose ')' was lost before another game closed
// cleanly inside it was one game with a variation through the clean reader and two through
// the parser, which ends the open game where another game's root starts.
TEST_CASE("the clean reader and the parser split a game whose ')' was lost alike",
          "[reliability][sgf]") {
    const std::string text =
        "(;GM[1]FF[4]SZ[19]PB[a(;GM[1]FF[4](;GM[1]FF[4]SZ[19]PB[b];B[pd];W[dp]))";
    diag::DiagnosticList sink;
    const auto games = sgf::read_games(text, "lost.sgf", sgf::ReadOptions{}, sink);
    diag::DiagnosticList tree_sink;
    const auto tree_games =
        sgf::read_games_through_trees(text, "lost.sgf", sgf::ReadOptions{}, tree_sink);
    REQUIRE(games.size() == tree_games.size());
    CHECK(games.size() == 2);
    CHECK(sink.items.size() == tree_sink.items.size());
    for (std::size_t i = 0; i < games.size(); ++i) CHECK(games[i].moves == tree_games[i].moves);
}

}  // namespace
}  // namespace josekic::testing
