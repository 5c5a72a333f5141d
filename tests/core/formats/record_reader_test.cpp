#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "core/formats/record_reader.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using formats::read_record_games;
using formats::record_format;
using input::RecordFormat;
namespace fs = std::filesystem;

TEST_CASE("the format of a record is its content's where the content says, else its name's",
          "[formats]") {
    CHECK(record_format("a.sgf", "(;GM[1])") == RecordFormat::Sgf);
    CHECK(record_format("a.gib", "\\HS\n\\[GAMETAG=\\]") == RecordFormat::Gib);
    CHECK(record_format("a.sgf", "\xEF\xBB\xBF\\HS\n") == RecordFormat::Gib);
    CHECK(record_format("a.gib", "  \n(;B[pd])") == RecordFormat::Sgf);
    CHECK(record_format("a.txt", "[Header]\nSize=19\n") == RecordFormat::Ugf);
    CHECK(record_format("A.NGF", "Rated game\n19\n") == RecordFormat::Ngf);
    CHECK(record_format("a.ugi", "") == RecordFormat::Ugf);
    CHECK(record_format("a.gib.gz", "garbage") == RecordFormat::Gib);
    CHECK(record_format("a.mgt", "garbage") == RecordFormat::Sgf);
    // NGF has no mark, but a shape: the size on its second line, "PM" moves after its header.
    const std::string ngf =
        "Rated game\n19\nw 1D\nb 5K\nsite\n0\n0\n5\n20100101\n5\n"
        "White wins\n2\nPMAABPDDP\nPMABWDDDD\n";
    CHECK(record_format("renamed.sgf", ngf) == RecordFormat::Ngf);
    CHECK(record_format("a.txt", "\xEF\xBB\xBF" + ngf) == RecordFormat::Ngf);
    // Text of another shape stays what its name says.
    CHECK(record_format("notes.sgf", "Rated game\n19 stones\n" + ngf.substr(14)) ==
          RecordFormat::Sgf);
    CHECK(record_format("notes.sgf", "Rated game\n19\nno moves\n") == RecordFormat::Sgf);
}

TEST_CASE("each format is read by its own reader", "[formats]") {
    diag::DiagnosticList diags;
    const auto sgf = read_record_games("(;B[pd])", "a.gib", {}, diags);
    REQUIRE(sgf.size() == 1);
    CHECK(test_support::moves_text(sgf[0].moves) == "B[pd]");
    const auto gib = read_record_games("\\HS\n\\GS\nSTO 0 2 1 3 15\n\\GE\n", "a.sgf", {}, diags);
    REQUIRE(gib.size() == 1);
    CHECK(test_support::moves_text(gib[0].moves) == "B[dp]");
    CHECK(diags.items.empty());
}

namespace {

struct SabakiExpectation {
    const char* file;
    const char* black;
    const char* black_rank;
    const char* white;
    const char* white_rank;
    const char* date;
    const char* result;
    double komi;
    const char* setup;
    const char* first_moves;
};

std::string first_moves(const game::GameRecord& g, std::size_t count) {
    std::vector<go::Move> moves(
        g.moves.begin(),
        g.moves.begin() + static_cast<std::ptrdiff_t>(std::min(count, g.moves.size())));
    return test_support::moves_text(moves);
}

}  // namespace

TEST_CASE("Sabaki's sample files read as Sabaki's own tests expect (when ../shared is present)",
          "[formats]") {
    const fs::path dir =
        fs::path(JOSEKIC_SOURCE_DIR "/../shared/fixtures/sgf-edge-cases/SabakiHQ-Sabaki/test");
    if (!fs::exists(dir)) {
        WARN("no fixtures at " << dir << "; skipped");
        return;
    }
    // From Sabaki's test/gibTests.js, ngfTests.js and ugfTests.js.
    const SabakiExpectation expected[] = {
        {"gib/utf8.gib", "jy512", "15K", "leejw977", "10K", "2016-03-26", "", 0.0, "dp pd dd",
         "W[pp] B[nq] W[qn] B[no]"},
        {"ngf/even.ngf", "CYY", "9p", "LQC", "9p", "2017-03-16", "B+0.5", 7.5, "",
         "B[qd] W[dd] B[pq] W[dp]"},
        {"ugf/amateur.ugf", "kaziwami", "7d", "YINNI", "8d", "2019-03-08", "B+7.50", -5.5, "",
         "B[qd] W[dd] B[pq] W[dq]"},
    };
    for (const SabakiExpectation& e : expected) {
        INFO(e.file);
        const fs::path path = dir / e.file;
        diag::DiagnosticList diags;
        const auto games = read_record_games(test_support::slurp(path), path.string(), {}, diags);
        CHECK(diags.items.empty());
        REQUIRE(games.size() == 1);
        const game::GameInfo& info = games[0].info;
        CHECK(info.black_player == e.black);
        CHECK(info.black_rank == e.black_rank);
        CHECK(info.white_player == e.white);
        CHECK(info.white_rank == e.white_rank);
        CHECK(info.date == e.date);
        CHECK(info.result == e.result);
        CHECK(info.komi.value_or(0.0) == e.komi);
        CHECK(test_support::points_text(games[0].setup_black) == e.setup);
        CHECK(first_moves(games[0], 4) == e.first_moves);
    }
    diag::DiagnosticList diags;
    const fs::path gb = dir / "gib/gb2312.gib";
    const auto games = read_record_games(test_support::slurp(gb), gb.string(), {}, diags);
    REQUIRE(games.size() == 1);
    CHECK(games[0].info.black_player == "石下之臣");
}
