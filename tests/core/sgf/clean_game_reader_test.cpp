#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "core/sgf/clean_game_reader.hpp"
#include "core/sgf/game_reader.hpp"

using namespace josekic;
using namespace josekic::sgf;

// read_games() reads well-formed files in one pass and everything else through SgfTrees.
// These tests hold the one-pass way to the general one on clean files and on many damaged
// variants of them: games and diagnostics must agree exactly.

namespace {

/// Everything a record holds, as text, so that a difference shows in the failure message.
std::string describe(const game::GameRecord& g) {
    std::string out = g.source_path + " #" + std::to_string(g.index_in_file) + " @" +
                      std::to_string(g.location.line) + ":" + std::to_string(g.location.column) +
                      " GM" + std::to_string(g.game_type) + " " + std::to_string(g.board_width) +
                      "x" + std::to_string(g.board_height);
    const game::GameInfo& i = g.info;
    out += " PB=" + i.black_player + " PW=" + i.white_player + " BR=" + i.black_rank +
           " WR=" + i.white_rank + " DT=" + i.date +
           " Y=" + (i.year ? std::to_string(*i.year) : "-") + " EV=" + i.event + " RE=" + i.result +
           " winner=" + std::to_string(static_cast<int>(i.winner)) +
           " HA=" + std::to_string(i.handicap) + " KM=" + (i.komi ? std::to_string(*i.komi) : "-");
    const auto points = [&](const char* name, const std::vector<go::Point>& ps) {
        out += std::string(" ") + name + "=";
        for (const go::Point p : ps) out += std::to_string(p.x) + "," + std::to_string(p.y) + " ";
    };
    points("AB", g.setup_black);
    points("AW", g.setup_white);
    out += " moves=";
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
        const go::Move& m = g.moves[k];
        out += m.color == go::Color::Black ? "B" : "W";
        out += m.point ? std::to_string(m.point->x) + "," + std::to_string(m.point->y)
                       : std::string("pass");
        if (k < g.move_locations.size()) {
            out += "@" + std::to_string(g.move_locations[k].line) + ":" +
                   std::to_string(g.move_locations[k].column);
        }
        out += " ";
    }
    out += " locations=" + std::to_string(g.move_locations.size());
    return out;
}

/// The games and diagnostics of one way of reading, as text.
std::string read_described(std::string_view text, bool through_trees) {
    diag::DiagnosticList diags;
    const std::vector<game::GameRecord> games =
        through_trees ? read_games_through_trees(text, "t.sgf", {}, diags)
                      : read_games(text, "t.sgf", {}, diags);
    std::string out;
    for (const game::GameRecord& g : games) out += describe(g) + "\n";
    for (const diag::Diagnostic& d : diags.items) out += diag::format(d) + "\n";
    return out;
}

void check_both_ways_agree(std::string_view text) {
    INFO("input: " << text);
    CHECK(read_described(text, false) == read_described(text, true));
}

/// How read_collection() read the trees of a file, and what the parser said.
struct CollectionRead {
    CollectionCounts counts;
    std::size_t parser_diagnostics = 0;
};

CollectionRead read_collection_of(std::string_view text) {
    diag::DiagnosticList reading;
    diag::DiagnosticList parsing;
    TextDecoder decoder("t.sgf", reading, "UTF-8");
    std::vector<game::GameRecord> games;
    const ReadOptions options;
    const CollectionCounts counts =
        read_collection(text, CleanReadContext{"t.sgf", options, FileConversion::None}, decoder,
                        games, reading, parsing);
    return CollectionRead{counts, parsing.items.size()};
}

/// Whether the one-pass way reads the whole file (the parser reads no tree and says nothing).
bool taken_in_one_pass(std::string_view text) {
    const CollectionRead read = read_collection_of(text);
    return read.counts.trees_in_one_pass > 0 && read.counts.trees_parsed == 0 &&
           read.parser_diagnostics == 0;
}

/// Clean files of the shapes the one-pass way handles, variations included.
const std::vector<std::string> kCleanFiles = {
    "(;GM[1]FF[4]SZ[19]PB[Black]PW[White]KM[6.5]RE[B+R]DT[2016-09-20];B[pd];W[dd];B[pp];W[dp])",
    "(;GM[1]SZ[19]\n;B[pd]\n;W[dd] ;B[pp]\r\n;W[dp];B[tt];W[];B[qq]C[a \\] b\\\nc];W[ss])\n",
    "(;GM[1]HA[2]AB[dp][pd];W[pp];B[dd];W[dc]LB[dd:A])",
    "(;GM[1];AB[cc]AW[dd];B[pd];W[dd];AB[ee];B[qq])",
    "(;GM[1];B[pd];W[zz];B[dd])",
    "(;GM[1]SZ[9];B[ee];W[jj];B[aa];W[ii])",
    "(;GM[1]SZ[13:9];B[ma];W[ai];B[aj])",
    "(;GM[2]SZ[8];B[aa];W[bb])",
    "(;SZ[25];B[aa];W[yy])",
    "(;GM[x]SZ[big]KM[abc]HA[y];B[aa])",
    "(;GM[1];B[pd](;W[dd];B[pp])(;W[dp];B[dd];W[qq]))",
    "(;GM[1];B[pd]();W[dd](;B[pp](;W[qq])(;W[rr]));B[aa])",
    "(;GM[1](;B[pd];W[dd])(;B[dd]))",
    "(;GM[1];B[pd]((;W[dd]));W[pp])",
    "(;PB[a];B[aa])\n(;PB[b];B[bb];W[cc])\n(;PB[c]SZ[9];B[cc])",
    "(;B[aa]W[bb];B[cc]W[dd]B[ee])",
    "(;GM[1]CA[GB2312]PB[\xba\xda];B[pd])",
    "(;GM[1]PB[\xe9\x9f\xa9?\xbd];B[pd];W[dd])",
    "(;B[ pd ];W[dd] ;B[pp]\n(;W[qq]) )",
};

}  // namespace

TEST_CASE("the one-pass reader takes clean files and agrees with the tree parser", "[sgf][clean]") {
    for (const std::string& text : kCleanFiles) {
        INFO("input: " << text);
        CHECK(taken_in_one_pass(text));
        check_both_ways_agree(text);
    }
}

TEST_CASE("the one-pass reader leaves damaged files to the tree parser", "[sgf][clean]") {
    for (const char* text :
         {"", "  \n", "junk(;B[aa])", ";GM[1];B[aa])", "(;GM[1];B[aa]", "(;GM[1];B[aa])junk",
          "(;GM[1];B[aa]))", "(;B[aa]C[cut", "((;B[aa]))", "()(;B[aa])", "(;GaMe[1];B[aa])",
          "(;GM;B[aa])", "(;B[aa] x ;W[bb])", "((;B[aa])(;W[bb]))"}) {
        INFO("input: " << text);
        CHECK_FALSE(taken_in_one_pass(text));
        check_both_ways_agree(text);
    }
}

TEST_CASE("the one-pass reader agrees with the tree parser on cut and damaged files",
          "[sgf][clean]") {
    // Every prefix, and every place with one more special byte: most of these are damaged
    // and must come out exactly as the tree parser reads them, with the same diagnostics.
    const std::string inserts[] = {" ", "\n", "\r", "(", ")", ";",     "[",
                                   "]", "\\", "x",  "A", "b", "B[aa]", "AB[cc]"};
    for (const std::string& text : kCleanFiles) {
        for (std::size_t n = 0; n <= text.size(); ++n)
            check_both_ways_agree(std::string_view(text).substr(0, n));
        for (std::size_t at = 0; at <= text.size(); ++at) {
            for (const std::string& insert : inserts) {
                check_both_ways_agree(text.substr(0, at) + insert + text.substr(at));
            }
        }
    }
}

TEST_CASE("in a collection the parser reads the damaged trees only", "[sgf][clean]") {
    // Invalid UTF-8 (warned once per file) before a damaged tree, in one and after it: the
    // warning must come once, where reading the whole file through trees puts it.
    const std::string clean = "(;PB[a];B[aa];W[bb])\n";
    const std::string bad_text = "(;PB[\xe9\x9f\xa9?\xbd];B[cc])\n";
    const std::string damaged = "(;PB[d];B[dd] x ;W[ee])\n";  // junk between nodes
    const std::string damaged_bad_text = "(;PW[\xbd];B[dd] x ;W[ee])\n";
    const std::vector<std::string> files = {
        clean + clean + damaged + clean,
        clean + bad_text + damaged + bad_text,
        clean + damaged_bad_text + bad_text + damaged + clean,
        bad_text + damaged + "junk" + clean,
        ";B[aa])" + clean + damaged + clean,
        clean + clean + "(;B[aa]C[cut",
        clean + ";B[aa])" + clean,
        clean + "()" + clean + "))" + damaged,
    };
    for (const std::string& text : files) check_both_ways_agree(text);

    const CollectionRead read =
        read_collection_of(clean + clean + damaged + clean + damaged + clean);
    CHECK(read.counts.trees_in_one_pass == 4);
    CHECK(read.counts.trees_parsed == 2);
    CHECK(read.parser_diagnostics == 2);  // one unexpected character in each damaged tree

    diag::DiagnosticList all;
    const std::vector<game::GameRecord> games =
        read_games(clean + damaged + clean, "t.sgf", {}, all);
    REQUIRE(games.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(games[static_cast<std::size_t>(i)].index_in_file == i + 1);
        CHECK(games[static_cast<std::size_t>(i)].location.line == i + 1);
    }
}
