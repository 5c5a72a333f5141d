#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/sgf/charset.hpp"
#include "core/sgf/game_reader.hpp"
#include "core/sgf/sgf_tree.hpp"

using namespace josekic;
using namespace josekic::sgf;
namespace fs = std::filesystem;

namespace {
const fs::path kFixtures = fs::path(JOSEKIC_SOURCE_DIR "/../shared/fixtures/sgf-edge-cases");

using josekic::test_support::slurp;

/// The comments of the first game's nodes joined by '|', decoded the way read_games
/// decodes text.
std::string comments(const fs::path& p) {
    const std::string raw = slurp(p);
    diag::DiagnosticList diags;
    const PreparedText text = prepare_text(raw, p.string(), diags);
    const auto trees = parse_collection(text.text(), p.string(), diags);
    REQUIRE(!trees.empty());
    const SgfNode& root = trees[0].nodes[0];
    const bool converted = text.source != FileEncoding::Bytes;
    TextDecoder decoder(p.string(), diags, converted ? "UTF-8" : fallback_charset(text.text()));
    const SgfProperty* ca = root.find("CA");
    decoder.use_charset(
        ca != nullptr && !converted ? std::string_view(ca->values[0]) : std::string_view{}, {});
    std::string comment;
    for (const SgfNode& n : trees[0].nodes) {
        if (const SgfProperty* c = n.find("C"))
            comment += "|" + decoder.decode(c->values[0], c->value_at[0]) + "|";
    }
    CHECK(diags.items.empty());
    return comment;
}
}  // namespace

TEST_CASE("every edge-case fixture reads without a crash", "[sgf]") {
    if (!fs::exists(kFixtures)) {
        WARN("no fixtures at " << kFixtures << "; skipped");
        return;
    }
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kFixtures)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".sgf") continue;
        ++files;
        diag::DiagnosticList diags;
        const auto games = read_games(slurp(entry.path()), entry.path().string(), {}, diags);
        for (const auto& g : games) {
            CHECK(is_valid_utf8(g.info.black_player));
            CHECK(is_valid_utf8(g.info.white_player));
            CHECK(is_valid_utf8(g.info.event));
        }
    }
    CHECK(files > 40);
}

TEST_CASE("names of the encoding fixtures come out as UTF-8", "[sgf]") {
    const fs::path sabaki = kFixtures / "SabakiHQ-sgf/tests/sgf";
    if (!fs::exists(sabaki)) {
        WARN("no fixtures at " << sabaki << "; skipped");
        return;
    }
    struct Case {
        const char* file;
        const char* black;
        const char* white;
    };
    for (const Case& c :
         {Case{"chinese.sgf", "古力", "柯洁"}, Case{"japanese.sgf", "井山 裕太", "山下 敬吾"},
          Case{"korean.sgf", "이세돌", "박정환"}, Case{"utf16le.sgf", "Kitani Minoru", "Go Seigen"},
          Case{"utf8bom.sgf", "Kitani Minoru", "Go Seigen"}}) {
        INFO(c.file);
        diag::DiagnosticList diags;
        const auto games = read_games(slurp(sabaki / c.file), c.file, {}, diags);
        REQUIRE(games.size() == 1);
        CHECK(games[0].info.black_player == c.black);
        CHECK(games[0].info.white_player == c.white);
        CHECK(diags.items.empty());
    }
}

TEST_CASE("comments of the libsgfc++ encoding fixtures come out as UTF-8", "[sgf]") {
    const fs::path dir = kFixtures / "herzbube-libsgfcplusplus/test/test-files";
    if (!fs::exists(dir)) {
        WARN("no fixtures at " << dir << "; skipped");
        return;
    }
    const std::string simplified =
        "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。";
    const std::string traditional =
        "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界"
        "。";
    const std::string japanese =
        "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全"
        "世界に広がりました。";
    const std::string korean =
        "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 "
        "퍼진 고대 게임입니다.";
    struct Case {
        const char* file;
        std::string comment;
    };
    for (const Case& c : {Case{"encoding-chinese-gb18030.sgf", simplified},
                          Case{"encoding-chinese-gbk.sgf", simplified},
                          Case{"encoding-traditionalchinese-big5.sgf", traditional},
                          Case{"encoding-japanese-shiftjis.sgf", japanese},
                          Case{"encoding-japanese-iso2022jp.sgf", japanese},
                          Case{"encoding-korean-macos.sgf", korean}}) {
        INFO(c.file);
        CHECK_THAT(comments(dir / c.file), Catch::Contains("|" + c.comment + "|"));
    }
    const std::string latin = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»";
    for (const char* file :
         {"encoding-western-isolatin1.sgf", "encoding-western-windowslatin1.sgf"}) {
        INFO(file);
        CHECK_THAT(comments(dir / file), Catch::Contains("|" + latin + "|"));
    }
    // The first comment describes the file; the others are the same text in every file.
    const auto after_first = [](const std::string& s) { return s.substr(s.find("||")); };
    CHECK(after_first(comments(dir / "encoding-utf16-nobom.sgf")) ==
          after_first(comments(dir / "encoding-utf8-nobom.sgf")));
    CHECK(after_first(comments(dir / "encoding-utf16-withbom.sgf")) ==
          after_first(comments(dir / "encoding-utf8-withbom.sgf")));
}
