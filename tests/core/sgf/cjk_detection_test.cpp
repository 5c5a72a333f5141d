#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>

#include "core/sgf/charset.hpp"
#include "core/sgf/cjk_detection.hpp"
#include "core/sgf/game_reader.hpp"
#include "tests/core/sgf/encode_for_test.hpp"
#include "tests/support/file_bytes.hpp"

using namespace josekic;
using josekic::sgf::guess_cjk_charset;
using josekic::sgf::test::encode;
namespace fs = std::filesystem;

TEST_CASE("Japanese text without CA is told by its kana and its players' kanji", "[sgf]") {
    CHECK(guess_cjk_charset(encode("(;C[黒の一手目は星です。白は小目に打ちました。])", "CP932")) ==
          "CP932");
    // Names only, no kana: the players' kanji decide.
    CHECK(guess_cjk_charset(encode("(;PB[井山 裕太]PW[山下 敬吾];B[pd]C[囲碁])", "CP932")) ==
          "CP932");
}

TEST_CASE("Korean text without CA is told by its frequent syllables", "[sgf]") {
    CHECK(guess_cjk_charset(encode("(;PB[이세돌]PW[박정환];B[pd]C[바둑])", "CP949")) == "CP949");
    CHECK(guess_cjk_charset(encode("(;C[흑이 먼저 두고 백이 응수한다. 불계승.])", "CP949")) ==
          "CP949");
}

TEST_CASE("traditional Chinese text without CA is told from simplified", "[sgf]") {
    CHECK(guess_cjk_charset(encode("(;C[這是從壓長星定式演變而來的形。黑棋勝。])", "BIG5")) ==
          "BIG5");
    CHECK(guess_cjk_charset(encode("(;C[这是从压长星定式演变而来的形。黑棋胜。])", "GB18030")) ==
          "GB18030");
}

TEST_CASE("GB18030 stays when nothing reads clearly better", "[sgf]") {
    CHECK(guess_cjk_charset(encode("(;PB[聂卫平]PW[马晓春])", "GB18030")) == "GB18030");
    CHECK(guess_cjk_charset("(;C[\xB0])") == "GB18030");
    CHECK(guess_cjk_charset("") == "GB18030");
}

TEST_CASE("text that reads as well in Latin-1 as in GB18030 is read in GB18030, and said so",
          "[sgf]") {
    // Latin-1: é, ö, ü, each alone beside ASCII letters. GBK writes 趙鵬 with bytes of the same
    // shape (0xDA 'w' 0xF9 'i'): the bytes cannot tell, the CJK reading stays.
    const std::string latin1 =
        "(;PB[Fr\xE9"
        "d\xE9ric Donzet]PW[J\xF6rg M\xFCller];B[pd])";
    CHECK(sgf::could_be_latin1(latin1));
    CHECK(sgf::could_be_latin1(encode("(;PB[趙鵬]PW[黃鵬];B[pd])", "GBK")));
    diag::DiagnosticList diags;
    const auto games = sgf::read_games(latin1, "egf.sgf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.black_player == "Fr閐閞ic Donzet");
    REQUIRE(diags.items.size() == 1);
    CHECK(diags.items[0].code == diag::Code::AmbiguousCharset);
    CHECK(diags.items[0].where == diag::SourceLocation{1, 6});
    CHECK(diags.items[0].message ==
          "text read as GB18030, the charset guessed (\"Fr閐閞ic Donzet\"), could as well be "
          "ISO-8859-1 (\"Frédéric Donzet\"): CA[ISO-8859-1] in the file, or --charset "
          "ISO-8859-1 of compile and check, reads it so (reported once per file)");
    // Read as told: --charset, or a CA, raises no doubt.
    sgf::ReadOptions latin1_told;
    latin1_told.forced_charset = "ISO-8859-1";
    diag::DiagnosticList told;
    const auto right = sgf::read_games(latin1, "egf.sgf", latin1_told, told);
    CHECK(right[0].info.black_player == "Frédéric Donzet");
    CHECK(right[0].info.white_player == "Jörg Müller");
    CHECK(told.items.empty());
    diag::DiagnosticList with_ca;
    sgf::read_games("(;CA[GB18030]" + latin1.substr(2), "egf.sgf", {}, with_ca);
    CHECK(with_ca.items.empty());
    // Frequent CJK characters, two bytes beyond ASCII in a row, or a byte that is no letter:
    // no doubt.
    CHECK_FALSE(sgf::could_be_latin1(encode("(;PB[聂卫平]PW[马晓春])", "GB18030")));
    CHECK_FALSE(sgf::could_be_latin1(encode("(;PB[鑫]PW[淼])", "GB18030")));
    CHECK_FALSE(sgf::could_be_latin1("(;C[5\xB0])"));
    CHECK_FALSE(
        sgf::could_be_latin1("(;C[a\xE9\xE9"
                             "b])"));
}

TEST_CASE("a Shift_JIS file without CA reads as Japanese, not as GB18030 mojibake", "[sgf]") {
    diag::DiagnosticList diags;
    const auto games =
        sgf::read_games(encode("(;PB[井山 裕太]PW[山下 敬吾];B[pd])", "CP932"), "t.sgf", {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.black_player == "井山 裕太");
    CHECK(games[0].info.white_player == "山下 敬吾");
    CHECK(diags.items.empty());
}

TEST_CASE("the real Shift_JIS and EUC-KR fixtures read right with their CA taken out", "[sgf]") {
    const fs::path dir = fs::path(JOSEKIC_SOURCE_DIR "/../shared/fixtures/sgf-edge-cases");
    if (!fs::exists(dir)) {
        WARN("no fixtures at " << dir << "; skipped");
        return;
    }
    const std::pair<const char*, const char*> files[] = {
        {"SabakiHQ-sgf/tests/sgf/japanese.sgf", "CP932"},
        {"SabakiHQ-sgf/tests/sgf/korean.sgf", "CP949"},
        {"herzbube-libsgfcplusplus/test/test-files/encoding-japanese-shiftjis.sgf", "CP932"},
        {"herzbube-libsgfcplusplus/test/test-files/encoding-korean-macos.sgf", "CP949"},
        {"SabakiHQ-sgf/tests/sgf/no-ca.sgf", "GB18030"},
    };
    for (const auto& [file, charset] : files) {
        INFO(file);
        const std::string bytes = test_support::slurp(dir / file);
        REQUIRE_FALSE(bytes.empty());
        const std::string without_ca = std::regex_replace(bytes, std::regex("CA\\[[^\\]]*\\]"), "");
        CHECK(sgf::fallback_charset(without_ca) == charset);
    }
}
