#include <catch2/catch.hpp>

#include "core/sgf/charset.hpp"
#include "core/sgf/game_reader.hpp"
#include "tests/core/sgf/encode_for_test.hpp"

using namespace josekic;
using namespace josekic::sgf;
using josekic::sgf::test::encode;

namespace {
int count_code(const diag::DiagnosticList& list, diag::Code code) {
    int n = 0;
    for (const auto& d : list.items) n += d.code == code ? 1 : 0;
    return n;
}

/// A one-game file whose PB and PW are `black` and `white` in `charset`, with `ca` as CA.
std::string game_in(const char* charset, std::string_view ca, std::string_view black,
                    std::string_view white) {
    std::string text = "(;GM[1]FF[4]";
    if (!ca.empty()) text += "CA[" + std::string(ca) + "]";
    text += "PB[" + std::string(black) + "]PW[" + std::string(white) + "];B[pd];W[dp])\n";
    return encode(text, charset);
}

game::GameRecord read_one(std::string_view bytes, diag::DiagnosticList& diags,
                          ReadOptions options = {}) {
    auto games = read_games(bytes, "t.sgf", options, diags);
    REQUIRE(games.size() == 1);
    return games[0];
}
}  // namespace

TEST_CASE("CA spellings map to iconv names", "[sgf]") {
    CHECK(iconv_charset_name("UTF-8") == "UTF-8");
    CHECK(iconv_charset_name("utf8") == "UTF-8");
    CHECK(iconv_charset_name("ISO8859_1") == "ISO-8859-1");
    CHECK(iconv_charset_name("iso-8859-15") == "ISO-8859-15");
    CHECK(iconv_charset_name("GB2312") == "GB18030");
    CHECK(iconv_charset_name("gbk") == "GB18030");
    CHECK(iconv_charset_name("EUC-CN") == "GB18030");
    CHECK(iconv_charset_name("Shift_JIS") == "CP932");
    CHECK(iconv_charset_name("SJIS") == "CP932");
    CHECK(iconv_charset_name("MS_KANJI") == "CP932");
    CHECK(iconv_charset_name("EUC-KR") == "CP949");
    CHECK(iconv_charset_name("Windows-1251") == "CP1251");
    CHECK(iconv_charset_name("macintosh") == "MACINTOSH");
    CHECK(iconv_charset_name("Big5") == "BIG5");
    CHECK(iconv_charset_name("UTF16LE") == "UTF-16LE");
    CHECK(iconv_charset_name(" ") == "");
}

TEST_CASE("names in legacy charsets come out as UTF-8", "[sgf]") {
    struct Case {
        const char* charset;
        const char* ca;
        const char* black;
        const char* white;
    };
    const Case cases[] = {
        {"GB2312", "GB2312", "古力", "柯洁"},
        {"GBK", "GBK", "聂卫平", "马晓春"},
        {"GB18030", "gb18030", "常昊", "𠀀𠀁"},
        {"SHIFT_JIS", "Shift_JIS", "井山裕太", "張栩"},
        {"SHIFT_JIS", "SJIS", "趙治勲", "小林光一"},
        {"EUC-KR", "EUC-KR", "이세돌", "박정환"},
        {"BIG5", "Big5", "林海峰", "王立誠"},
        {"ISO-8859-1", "ISO8859_1", "Jürgen Groß", "Öberg"},
        {"ISO-8859-1", "ISO-8859-1", "Ça va", "Ñandú"},
        {"CP1251", "windows-1251", "Дмитрий", "Илья"},
        {"ISO-2022-JP", "ISO-2022-JP", "井山裕太", "山下敬吾"},
        {"MACINTOSH", "macintosh", "Zoë", "Ångström"},
    };
    for (const Case& c : cases) {
        INFO(c.charset << " / CA[" << c.ca << "]");
        diag::DiagnosticList diags;
        const auto g = read_one(game_in(c.charset, c.ca, c.black, c.white), diags);
        CHECK(g.info.black_player == c.black);
        CHECK(g.info.white_player == c.white);
        CHECK(g.moves.size() == 2);
        CHECK(diags.items.empty());
    }
}

TEST_CASE("UTF-16 with and without a byte order mark", "[sgf]") {
    const std::string text = "(;GM[1]CA[UTF-16]PB[一力遼]PW[芝野虎丸];B[pd];W[dp])";
    for (const char* charset : {"UTF-16LE", "UTF-16BE"}) {
        for (bool bom : {true, false}) {
            INFO(charset << (bom ? " with BOM" : " without BOM"));
            std::string bytes = encode(text, charset);
            if (bom) bytes = encode("\xEF\xBB\xBF", charset) + bytes;
            diag::DiagnosticList diags;
            const auto g = read_one(bytes, diags);
            CHECK(g.info.black_player == "一力遼");
            CHECK(g.info.white_player == "芝野虎丸");
            CHECK(g.moves.size() == 2);
            CHECK(diags.items.empty());
        }
    }
}

TEST_CASE("prepared text stays valid when moved even when it is short", "[sgf]") {
    // A short converted text lives inside the std::string object (small-string storage),
    // so a stored view into it would dangle after a move.
    const std::string bytes = encode("\xEF\xBB\xBF(;)", "UTF-16LE");
    diag::DiagnosticList diags;
    PreparedText first = prepare_text(bytes, "short.sgf", diags);
    const PreparedText moved = std::move(first);
    CHECK(moved.source == FileEncoding::Utf16Le);
    CHECK(moved.text() == "(;)");
    const std::string plain = "(;GM[1])";
    CHECK(prepare_text(plain, "plain.sgf", diags).text() == plain);
}

TEST_CASE("a UTF-8 byte order mark is skipped", "[sgf]") {
    diag::DiagnosticList diags;
    const auto g = read_one("\xEF\xBB\xBF(;GM[1]CA[UTF-8]PB[申真諝];B[pd])", diags);
    CHECK(g.info.black_player == "申真諝");
    CHECK(diags.items.empty());
}

TEST_CASE("CA after the names it describes is still honoured", "[sgf]") {
    diag::DiagnosticList diags;
    const std::string bytes = encode("(;PB[김지석]CA[EUC-KR]PW[최철한];B[pd])", "EUC-KR");
    const auto g = read_one(bytes, diags);
    CHECK(g.info.black_player == "김지석");
    CHECK(g.info.white_player == "최철한");
}

TEST_CASE("no CA: UTF-8 when it is UTF-8, GB18030 for other bytes", "[sgf]") {
    diag::DiagnosticList utf8;
    CHECK(read_one("(;PB[柯洁]PW[朴廷桓];B[pd])", utf8).info.black_player == "柯洁");
    CHECK(utf8.items.empty());
    diag::DiagnosticList gb;
    const auto g = read_one(game_in("GB18030", "", "聂卫平", "马晓春"), gb);
    CHECK(g.info.black_player == "聂卫平");
    CHECK(g.info.white_player == "马晓春");
    CHECK(gb.items.empty());
    CHECK(fallback_charset(encode("围棋是一种古老的游戏", "GB2312")) == "GB18030");
}

TEST_CASE("Fox's damaged UTF-8 stays UTF-8 with one U+FFFD per lost character", "[sgf]") {
    // Fox replaced lost continuation bytes by '?': "朴志?" with the last character broken.
    const std::string damaged = "\xE6\x9C\xB4\xE5\xBF\x97\xE6?\xA9";
    const std::string bytes =
        "(;PB[" + damaged + "]PW[\xE7\x8E\x8B\xE5\x85\x83\xE5?\x87]C[" + damaged + "];B[pd])";
    CHECK(fallback_charset(bytes) == "UTF-8");
    diag::DiagnosticList diags;
    const auto g = read_one(bytes, diags);
    CHECK(g.info.black_player == "朴志\xEF\xBF\xBD");
    CHECK(g.info.white_player == "王元\xEF\xBF\xBD");
    CHECK(count_code(diags, diag::Code::InvalidTextEncoding) == 1);
}

TEST_CASE("a name cut in the middle of a multi-byte character", "[sgf]") {
    SECTION("UTF-8") {
        const std::string name = "李昌镐";
        diag::DiagnosticList diags;
        const auto g = read_one(
            "(;CA[UTF-8]PB[" + name.substr(0, 7) + "]PW[" + name.substr(0, 8) + "];B[pd])", diags);
        CHECK(g.info.black_player == "李昌\xEF\xBF\xBD");
        CHECK(g.info.white_player == "李昌\xEF\xBF\xBD");
        CHECK(is_valid_utf8(g.info.black_player));
        CHECK(count_code(diags, diag::Code::InvalidTextEncoding) == 1);
    }
    SECTION("Shift_JIS") {
        const std::string name = encode("坂田栄男", "SHIFT_JIS");
        diag::DiagnosticList diags;
        const auto g = read_one("(;CA[Shift_JIS]PB[" + name.substr(0, 5) + "];B[pd])", diags);
        CHECK(g.info.black_player == "坂田\xEF\xBF\xBD");
        CHECK(count_code(diags, diag::Code::InvalidTextEncoding) == 1);
    }
}

TEST_CASE("the --charset option overrides CA, unknown charsets fall back with a warning", "[sgf]") {
    const std::string bytes = game_in("EUC-KR", "UTF-8", "조훈현", "서봉수");
    diag::DiagnosticList diags;
    ReadOptions forced;
    forced.forced_charset = "euc-kr";
    CHECK(read_one(bytes, diags, forced).info.black_player == "조훈현");
    CHECK(diags.items.empty());

    diag::DiagnosticList unknown;
    const auto g = read_one("(;CA[klingon]PB[Worf];B[pd])", unknown);
    CHECK(g.info.black_player == "Worf");
    CHECK(count_code(unknown, diag::Code::UnknownCharset) == 1);
}

TEST_CASE("output is valid UTF-8 whatever the bytes", "[sgf]") {
    std::string junk;
    for (int i = 0; i < 256; ++i) {
        if (i != ']' && i != '\\') junk.push_back(static_cast<char>(i));
    }
    for (const char* ca :
         {"", "UTF-8", "GB18030", "Shift_JIS", "Big5", "EUC-KR", "ISO-2022-JP", "UTF-16LE"}) {
        INFO(ca);
        diag::DiagnosticList diags;
        const auto g = read_one("(;CA[" + std::string(ca) + "]PB[" + junk + "];B[pd])", diags);
        CHECK(is_valid_utf8(g.info.black_player));
        CHECK(count_code(diags, diag::Code::InvalidTextEncoding) <= 1);
    }
}

TEST_CASE("a non-ASCII byte is found at any place of a long ASCII text", "[sgf]") {
    // The ASCII skip tests 8 bytes at a time: a byte in any lane and in the tail must
    // still be seen.
    const std::string ascii(100, 'a');
    CHECK(is_valid_utf8(ascii));
    CHECK(fallback_charset(ascii) == "UTF-8");
    for (std::size_t at = 0; at < ascii.size(); ++at) {
        std::string bad = ascii;
        bad[at] = '\xB0';
        INFO("at " << at);
        CHECK_FALSE(is_valid_utf8(bad));
        CHECK(fallback_charset(bad) == "GB18030");
        std::string good = ascii.substr(0, at) + "\xE9\x9F\xA9" + ascii.substr(at);
        CHECK(is_valid_utf8(good));
    }
}
