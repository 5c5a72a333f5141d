#include <catch2/catch.hpp>

#include "tests/cli/run_binary.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/compiled_dictionary.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using josekic::test_support::TempDir;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;
using nlohmann::json;

namespace {

struct Dictionary {
    josekic::test_support::TempDir dir;
    fs::path path =
        josekic::test_support::compile_games(dir.path(), josekic::test_support::handmade_games());
    std::string run(const std::string& options) const {
        return shell_quote(path.string()) + " " + options;
    }
};

}  // namespace

TEST_CASE("lookup prints a known line with its count and continuations", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--fuseki --moves 'pd dd'"));
    INFO(run.err);
    CHECK(run.exit_code == 0);
    INFO(run.out);
    CHECK(run.out.find("Played 2 times (66.7% of 3).") != std::string::npos);
    CHECK(run.out.find("Continuations") != std::string::npos);
}

TEST_CASE("lookup --json has count, continuations and games at the top level",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--fuseki --json --moves ''"));
    CHECK(run.exit_code == 0);
    const json answer = json::parse(run.out);
    CHECK(answer["found"] == true);
    CHECK(answer["count"] == 5);
    REQUIRE(!answer["continuations"].empty());
    CHECK(answer["continuations"][0]["move"].is_string());
    REQUIRE(!answer["games"].empty());
    CHECK(answer["games"][0]["black"].is_string());
}

TEST_CASE("lookup of an unknown line is count 0 and exit 0", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--json --moves 'pd aa'"));
    CHECK(run.exit_code == 0);
    const json answer = json::parse(run.out);
    CHECK(answer["count"] == 0);
    CHECK(answer["left_at"]["move_number"] == 2);
}

TEST_CASE("an error names what the user gave without obeying its control characters",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    // A game file and an index whose names clear the screen; a filter that retitles the window.
    const std::string escape = "no\x1B[2Jfile.sgf";
    const fs::path game = d.dir.path() / escape;
    std::ofstream(game) << "not a game";
    for (const std::string& args :
         {"lookup " + d.run("--game " + shell_quote(game.string())),
          "lookup " + shell_quote((d.dir.path() / "no\x1B[2Jindex").string()) + " --moves pd",
          "lookup " + d.run("--moves pd --player " + shell_quote("\x1B]0;x\x07"))}) {
        const auto run = run_josekic(args);
        INFO(args << "\n" << run.err << run.out);
        CHECK(run.err.find('\x1B') == std::string::npos);
        CHECK(run.out.find('\x1B') == std::string::npos);
        const bool replaced = run.err.find("\xEF\xBF\xBD") != std::string::npos ||
                              run.out.find("\xEF\xBF\xBD") != std::string::npos;
        CHECK(replaced);
    }
}

TEST_CASE("a malformed lookup query is exit 2 with its column", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--moves 'pd qc zz'"));
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("column 7") != std::string::npos);
}

TEST_CASE("lookup options that cannot go together are exit 2 naming them", "[cli][e2e][lookup]") {
    const Dictionary d;
    for (const auto& [options, said] :
         {std::pair{"--corner 'B[pd]' --fuseki", "--fuseki cannot go with it"},
          std::pair{"--corner 'B[pd]' --moves pd", "--corner and --moves are two queries"},
          std::pair{"--moves pd --game x.sgf", "--moves and --game are two queries"},
          std::pair{"--moves pd --to-move black", "--either-colour and --to-move go with --corner"},
          std::pair{"--fuseki", "say what to look up"},
          std::pair{"--corner upper-left", "names a game's corner: give --game"}}) {
        const auto run = run_josekic("lookup " + d.run(options));
        INFO(options);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find(said) != std::string::npos);
    }
}

TEST_CASE("a game's corner empty at the move is exit 1, not a bad command line",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--game " +
                                                   shell_quote(std::string(JOSEKIC_SOURCE_DIR) +
                                                               "/samples/chinese-opening.sgf") +
                                                   " --move 0 --corner upper-left"));
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("is empty after move 0: no pattern to look up") != std::string::npos);
}

TEST_CASE("lookup of a damaged index is exit 1 naming the file", "[cli][e2e][lookup]") {
    const Dictionary d;
    const fs::path index = d.path / "index.jki";
    {
        std::fstream f(index, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(20);
        f.put('\x7f');
    }
    const auto run = run_josekic("lookup " + d.run("--moves pd"));
    CHECK(run.exit_code == 1);
    CHECK(run.err.find(index.string()) != std::string::npos);
}

TEST_CASE("lookup and review show the options the index was compiled with", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto text = run_josekic("lookup " + d.run("--moves pd"));
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("Index compiled with: zones default (98 points), max-length 30, "
                        "max-gap 40, fuseki-moves 30.") != std::string::npos);
    const auto json_run = run_josekic("lookup " + d.run("--json --moves pd"));
    const json answer = json::parse(json_run.out);
    CHECK(answer["index_options"] == json::parse(R"({"zones": "default", "zone_points": 98,
        "max_length": 30, "max_gap": 40, "fuseki_moves": 30, "duplicates_kept": false,
        "cutoff": "ring"})"));
    CHECK(answer["position"]["key_collisions"] == 0);
}

TEST_CASE("lookup finds a corner by the index's zones, not the default ones",
          "[cli][e2e][lookup]") {
    // ji, on the centre column, is in the 10x10 zones (and in no default zone).
    const TempDir dir;
    const fs::path dict = josekic::test_support::compile_games(
        dir.path(), {"(;GM[1]FF[4]SZ[19]RE[B+R];B[ji];W[kk];B[dd])"},
        [](josekic::compile::CompileOptions& options) { options.zones_file = "10x10"; });
    const auto found = run_josekic("lookup " + shell_quote(dict.string()) + " --moves ji");
    INFO(found.err);
    CHECK(found.exit_code == 0);
    CHECK(found.out.find("Played 2 times") != std::string::npos);  // the two corners it is in
    // Syntax is still refused before the index is read.
    CHECK(run_josekic("lookup " + shell_quote(dict.string()) + " --moves 'ji zz'").exit_code == 2);
}

TEST_CASE("review of a handicap game says its opening is not in the index", "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("h.sgf", "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[dd];B[cc])");
    const auto text =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(game));
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("opening: not reviewed: a handicap game: the index holds the openings of "
                        "even games only") != std::string::npos);
    const auto json_run = run_josekic("lookup " + d.run("--json --game " + shell_quote(game)));
    CHECK(json_run.exit_code == 0);
    const json answer = json::parse(json_run.out);
    CHECK(answer["found"] == false);
    CHECK(answer["count"] == 0);
    CHECK(answer["not_indexed"].get<std::string>().rfind("a handicap game", 0) == 0);
}

TEST_CASE("lookup --game and review read the native formats compile reads", "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string sgf = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])");
    // The same two moves as Tygem writes them: x and y from 0, colour 1 Black, 2 White.
    const std::string gib =
        d.dir.write("g.gib", "\\HS\n\\HE\n\\GS\nSTO 0 2 1 15 3\nSTO 0 3 2 3 3\n\\GE\n");
    const auto from_sgf = run_josekic("lookup " + d.run("--json --game " + shell_quote(sgf)));
    const auto from_gib = run_josekic("lookup " + d.run("--json --game " + shell_quote(gib)));
    INFO(from_gib.err);
    CHECK(from_gib.exit_code == 0);
    CHECK(from_gib.out == from_sgf.out);
    CHECK(json::parse(from_gib.out)["count"] == 2);
}

TEST_CASE("lookup --game and review of a directory say so, naming it", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto lookup = run_josekic("lookup " + d.run("--game " + shell_quote(d.path.string())));
    CHECK(lookup.exit_code == 1);
    CHECK(lookup.err.find(d.path.string() + " is a directory") != std::string::npos);
    const auto review =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(d.path.string()));
    CHECK(review.exit_code == 1);
    CHECK(review.err.find(d.path.string() + " is a directory") != std::string::npos);
}

TEST_CASE("review counts a corner's moves in the book, one move in the singular",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("one.sgf", "(;GM[1]FF[4]SZ[19];B[pd])");
    const auto text =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(game));
    INFO(text.out << text.err);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("upper-right: in the book to its end (1 move, played ") !=
          std::string::npos);
}

TEST_CASE("review takes the dictionary first, the older --dict works with a note on stderr",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[qc];B[dp])");
    const std::string dict = shell_quote(d.path.string());
    const auto first = run_josekic("review " + dict + " " + shell_quote(game));
    CHECK(first.exit_code == 0);
    CHECK(first.err.empty());
    const auto older = run_josekic("review " + shell_quote(game) + " --dict " + dict);
    CHECK(older.exit_code == 0);
    CHECK(older.out == first.out);
    CHECK(older.err ==
          "josekic: note: `review GAME.sgf --dict DIR` is deprecated; write `review DIR "
          "GAME.sgf` (the dictionary first, as lookup and explore take it)\n");
    // Both at once, or one argument only, is a bad command line.
    CHECK(run_josekic("review " + dict + " " + shell_quote(game) + " --dict " + dict).exit_code ==
          2);
    const auto alone = run_josekic("review " + shell_quote(game));
    CHECK(alone.exit_code == 2);
    CHECK_THAT(alone.err, Catch::Contains("review DIR GAME.sgf"));
}

TEST_CASE("review and lookup --game skip the games compile skips, with its words, exit 1",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    for (const auto& [game, words] :
         {std::pair{"(;GM[1]FF[4]SZ[9];B[ee];W[cc])",
                    "game 1 skipped: board is 9x9; only 19x19 games are read [not-19x19]"},
          std::pair{"(;GM[1]FF[4]SZ[13];B[jd];W[dj])",
                    "game 1 skipped: board is 13x13; only 19x19 games are read [not-19x19]"},
          std::pair{"(;GM[2]FF[4]SZ[19];B[pd];W[dd])",
                    "game 1 skipped: GM[2] is not Go [not-go]"}}) {
        const std::string file = d.dir.write("skipped.sgf", game);
        INFO(game);
        const auto review =
            run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(file));
        CHECK(review.exit_code == 1);
        CHECK(review.out.empty());
        CHECK(review.err.find(words) != std::string::npos);
        const auto lookup = run_josekic("lookup " + d.run("--game " + shell_quote(file)));
        CHECK(lookup.exit_code == 1);
        CHECK(lookup.err.find(words) != std::string::npos);
    }
}

TEST_CASE("review and lookup --game read compressed records and archives as compile does",
          "[cli][e2e][lookup]") {
    using josekic::test_support::ArchiveKind;
    using josekic::test_support::make_archive;
    const Dictionary d;
    const std::string game = "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pp])";
    const std::string plain = d.dir.write("g.sgf", game);
    const auto expected =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(plain));
    REQUIRE(expected.exit_code == 0);
    for (const auto& [name, kind] :
         {std::pair{"g.sgf.gz", ArchiveKind::Gzip}, std::pair{"g.sgf.xz", ArchiveKind::Xz},
          std::pair{"g.zip", ArchiveKind::Zip}}) {
        const std::string path = (d.dir.path() / name).string();
        make_archive(path, kind, {{"g.sgf", game}});
        INFO(name);
        const auto review =
            run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(path));
        INFO(review.err);
        CHECK(review.exit_code == 0);
        CHECK(review.out == expected.out);
        CHECK(run_josekic("lookup " + d.run("--game " + shell_quote(path))).exit_code == 0);
    }
}

TEST_CASE("review says of each corner without a line why it is not reviewed",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("h.sgf", "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[dd];B[cc])");
    const auto text =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(game));
    INFO(text.out);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("lower-left: not reviewed: setup stones (a handicap) stand in its zone or "
                        "its exclusion ring") != std::string::npos);
    CHECK(text.out.find("upper-right: not reviewed: setup stones") != std::string::npos);
    CHECK(text.out.find("lower-right: not reviewed: no corner sequence") != std::string::npos);
    const auto as_json =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(game) + " --json");
    const json review = json::parse(as_json.out);
    REQUIRE(!review["corners_not_reviewed"].empty());
    CHECK(review["corners_not_reviewed"][0]["corner"] == "upper-right");
    CHECK(review["corners_not_reviewed"][0]["why"].get<std::string>().starts_with("setup stones"));
}

TEST_CASE("lookup --move past the game's end is an error, past the fuseki depth it says so",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    std::string moves;
    // 32 moves down the first and last columns, all legal.
    for (int i = 0; i < 16; ++i) {
        const char row = static_cast<char>('a' + i);
        moves += std::string(";B[a") + row + "];W[s" + row + "]";
    }
    const std::string game = d.dir.write("long.sgf", "(;GM[1]FF[4]SZ[19]" + moves + ")");
    const auto past_end =
        run_josekic("lookup " + d.run("--game " + shell_quote(game) + " --move 40"));
    CHECK(past_end.exit_code == 2);
    CHECK(past_end.err.find("--move 40 is past the end of the game") != std::string::npos);
    CHECK(past_end.err.find("has 32 legal moves") != std::string::npos);
    const auto past_depth =
        run_josekic("lookup " + d.run("--game " + shell_quote(game) + " --move 31"));
    CHECK(past_depth.exit_code == 0);
    CHECK(past_depth.out.find("fuseki: not in the index: the index holds the first 30 moves of "
                              "each opening (compile --fuseki-moves 30), and move 31 is past "
                              "them.") != std::string::npos);
}

TEST_CASE("lookup names the side that played first in the query's own colours",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto white_first = run_josekic("lookup " + d.run("--moves 'W[dd]'"));
    INFO(white_first.out);
    CHECK(white_first.exit_code == 0);
    CHECK(white_first.out.find("\nWhite (first in the corner) wins ") != std::string::npos);
    CHECK(white_first.out.find("share, wins of White (first in the corner) with 95% interval") !=
          std::string::npos);
    CHECK(white_first.out.find("Black (first in the corner)") == std::string::npos);
    const auto as_json = run_josekic("lookup " + d.run("--json --moves 'W[dd]'"));
    CHECK(json::parse(as_json.out)["first_player"] == "white");
    const auto black_first = run_josekic("lookup " + d.run("--moves 'B[dd]'"));
    CHECK(black_first.out.find("\nBlack (first in the corner) wins ") != std::string::npos);
}

TEST_CASE("a lookup onto an occupied point is exit 2 with its column", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--moves 'pd qc pd'"));
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("--moves, column 7: move 3, B[pd], is not legal: point is occupied") !=
          std::string::npos);
}

TEST_CASE("lookup takes GTP points as well as SGF letters", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto gtp = run_josekic("lookup " + d.run("--json --moves 'Q16 R17'"));
    const auto sgf = run_josekic("lookup " + d.run("--json --moves 'pd qc'"));
    CHECK(gtp.exit_code == 0);
    CHECK(gtp.out == sgf.out);
}

TEST_CASE("every numeric option is range-checked: exit 2 naming the option",
          "[cli][e2e][options]") {
    const Dictionary d;
    const TempDir out;
    const std::string dict = shell_quote(d.path.string());
    const std::string game = shell_quote(d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])"));
    const std::string compile = "compile " + shell_quote(JOSEKIC_SOURCE_DIR "/samples") + " -o " +
                                shell_quote(out.str()) + " ";
    for (const auto& [command, words] :
         {std::pair{compile + "--min-count -1",
                    "--min-count takes a whole number from 0 to 4294967295, not '-1'"},
          std::pair{compile + "--since 17",
                    "--since takes a whole number from 1600 to 2100, not '17'"},
          std::pair{compile + "--until 20177",
                    "--until takes a whole number from 1600 to 2100, not '20177'"},
          std::pair{compile + "--max-length -3", "--max-length takes a whole number"},
          std::pair{compile + "--fuseki-moves 0", "--fuseki-moves takes a whole number from 1"},
          std::pair{compile + "--threads 1e3", "--threads takes a whole number from 0 to 256"},
          std::pair{"lookup " + dict + " --moves pd --games -1",
                    "--games takes a whole number from 0 to 4294967295, not '-1'"},
          std::pair{"lookup " + dict + " --game " + game + " --move -1",
                    "--move takes a whole number"},
          std::pair{"review " + dict + " " + game + " --alternatives -2",
                    "--alternatives takes a whole number"},
          std::pair{"prune " + dict + "/joseki.sgf --dry-run --max-nodes -5",
                    "--max-nodes takes a whole number"}}) {
        INFO(command);
        const auto run = run_josekic(command);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find(words) != std::string::npos);
    }
    CHECK(!std::filesystem::exists(out.path() / "joseki.sgf"));
}

TEST_CASE("review --json is one JSON object with the index options and a lookup per line",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[dp])");
    const auto run =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(game) + " --json");
    INFO(run.err);
    CHECK(run.exit_code == 0);
    const json review = json::parse(run.out);
    CHECK(review["opening_not_indexed"].is_null());
    CHECK(review["index_options"]["zone_points"] == 98);
    REQUIRE(!review["lines"].empty());
    for (const json& line : review["lines"]) {
        CHECK(line["name"].is_string());
        CHECK(line["book_count"].is_number());
        CHECK(line["moves"].is_array());
    }
}

TEST_CASE("review --reference follows each corner's line in the book, text and JSON",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[dp])");
    const std::string book =
        d.dir.write("book.sgf", "(;GM[1]FF[4]SZ[19];B[pd]C[the star point];W[nc]BM[1])");
    const std::string review = "review " + shell_quote(d.path.string()) + " " + shell_quote(game) +
                               " --reference notes=" + shell_quote(book);
    const auto text = run_josekic(review);
    INFO(text.err);
    CHECK(text.exit_code == 0);
    // Each corner's line is B[pd] (White first in its corner is the book's Black).
    CHECK(text.out.find("upper-right: in the book to its end") != std::string::npos);
    // A verdict's move has its number in the game too.
    CHECK(text.out.find("  notes: knows the whole line; move 1 (1 of the game), B[pd]: "
                        "\u201cthe star point\u201d.") != std::string::npos);
    CHECK(text.out.find("  notes: knows the whole line; move 1 (2 of the game), W[dd]: "
                        "\u201cthe star point\u201d.") != std::string::npos);

    const auto as_json = run_josekic(review + " --json");
    CHECK(as_json.exit_code == 0);
    std::map<std::string, json> books;
    const json reviewed = json::parse(as_json.out);
    for (const json& line : reviewed["lines"]) {
        if (line.contains("books")) books[line["name"]] = line["books"];
    }
    CHECK_FALSE(books.contains("opening"));
    REQUIRE(books.size() == 4);
    REQUIRE(books["upper-right"].size() == 1);
    CHECK(books["upper-right"][0] == json::parse(R"({"name": "notes", "known_moves": 1,
        "verdicts": [{"move_in_line": 1, "game_move_number": 1, "move": "B[pd]",
                      "verdict": "\u201cthe star point\u201d"}]})"));
    // The lower right's 3-4 point is not in the book.
    CHECK(books["lower-right"][0]["known_moves"] == 0);
    CHECK(books["lower-right"][0]["verdicts"].empty());

    // A book cut short is followed as far as it goes, and the run exits 1.
    const std::string cut = d.dir.write("cut.sgf", "(;GM[1]FF[4]SZ[19];B[pd]C[the star");
    const auto cut_run = run_josekic("review " + shell_quote(d.path.string()) + " " +
                                     shell_quote(game) + " --reference " + shell_quote(cut));
    CHECK(cut_run.exit_code == 1);
    CHECK(cut_run.err.find("cut.sgf:1:") != std::string::npos);
    CHECK(cut_run.out.find("  cut: knows the whole line") != std::string::npos);
}

TEST_CASE("lookup --reference says what the book says of the line and its continuations",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string book =
        d.dir.write("book.sgf", "(;GM[1]FF[4]SZ[19];B[pd]C[the star point];W[nc]BM[1])");
    const std::string lookup =
        "lookup " + d.run("--moves pd --reference notes=" + shell_quote(book));
    const auto text = run_josekic(lookup);
    INFO(text.err);
    CHECK(text.exit_code == 0);
    INFO(text.out);
    CHECK(text.out.find("Books:\n  notes: knows the whole line; move 1, B[pd]: \u201cthe star "
                        "point\u201d.\n") != std::string::npos);
    // The continuation the book knows carries its word; the others nothing.
    const std::size_t nc = text.out.find("\n  W[nc]  ");
    REQUIRE(nc != std::string::npos);
    CHECK(text.out.substr(nc, text.out.find('\n', nc + 1) - nc).ends_with("  [notes: mistake]"));
    CHECK(text.out.find("[notes") == text.out.find("[notes: mistake]"));

    const auto as_json = run_josekic(lookup + " --json");
    CHECK(as_json.exit_code == 0);
    const json answer = json::parse(as_json.out);
    CHECK(answer["books"][0]["known_moves"] == 1);
    for (const json& c : answer["continuations"]) {
        CHECK(c["books"] == (c["move"] == "W[nc]"
                                 ? json::parse(R"([{"name": "notes", "verdict": "mistake"}])")
                                 : json::array()));
    }

    // A line that leaves the dictionary at its second move: the moves played there instead
    // are B[pd]'s continuations, and the book's words on them are on B[pd]'s children.
    const auto left = run_josekic(
        "lookup " + d.run("--moves 'pd sa' --json --reference notes=" + shell_quote(book)));
    CHECK(left.exit_code == 0);
    const json left_answer = json::parse(left.out);
    CHECK_FALSE(left_answer["found"].get<bool>());
    CHECK(left_answer["books"][0]["known_moves"] == 1);
    REQUIRE(left_answer["continuations"] == answer["continuations"]);

    // With --game, each corner's line is followed in the books, in the game's colours.
    const std::string game = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[nc])");
    const auto corners = run_josekic("lookup " + d.run("--game " + shell_quote(game) +
                                                       " --reference notes=" + shell_quote(book)));
    INFO(corners.err);
    CHECK(corners.exit_code == 0);
    CHECK(corners.out.find("\nBooks:\n  notes: knows the whole line; move 2, W[nc]: mistake.\n") !=
          std::string::npos);
    CHECK(corners.out.find("\nBooks:\n  notes: knows the whole line; move 1, W[dd]: "
                           "\u201cthe star point\u201d.\n") != std::string::npos);
    const auto corners_json =
        run_josekic("lookup " + d.run("--json --game " + shell_quote(game) +
                                      " --reference notes=" + shell_quote(book)));
    CHECK(corners_json.exit_code == 0);
    const json found = json::parse(corners_json.out);
    CHECK_FALSE(found.contains("books"));  // the opening: a fuseki line
    REQUIRE(found["corners"].size() == 3);
    for (const json& corner : found["corners"]) CHECK(corner["books"][0]["name"] == "notes");

    // Two books of one name could not be told apart: refused, as given or by their file names.
    const std::string second_book = d.dir.write("other/book.sgf", "(;GM[1]FF[4]SZ[19];B[qd])");
    for (const std::string& twice :
         {"--reference a=" + shell_quote(book) + " --reference a=" + shell_quote(second_book),
          "--reference " + shell_quote(book) + " --reference " + shell_quote(second_book)}) {
        const auto refused = run_josekic("lookup " + d.run("--moves pd " + twice));
        CHECK(refused.exit_code == 2);
        CHECK(refused.err.find("two --reference books are named") != std::string::npos);
    }
    // A directory given as tab completion writes it is named after itself.
    const auto directory =
        run_josekic("lookup " + d.run("--moves pd --reference " +
                                      shell_quote((d.dir.path() / "other/").string())));
    CHECK(directory.exit_code == 0);
    CHECK(directory.out.find("\n  other: does not know its first move") != std::string::npos);
    // A book whose every tree is left out is no book: refused, saying why.
    const std::string nine = d.dir.write("nine.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    const auto refused_nine =
        run_josekic("lookup " + d.run("--moves pd --reference " + shell_quote(nine)));
    CHECK(refused_nine.exit_code == 1);
    CHECK(refused_nine.err.find("holds no move of a 19x19 joseki book (game tree 1 is for a 9x9 "
                                "board") != std::string::npos);

    // The books are joseki books: not for a fuseki line, nor for a pattern.
    for (const std::string& other :
         {std::string("--fuseki --moves pd"), std::string("--corner 'B[pd]'")}) {
        const auto refused =
            run_josekic("lookup " + d.run(other + " --reference " + shell_quote(book)));
        CHECK(refused.exit_code == 2);
        CHECK(refused.err.find("--reference goes with --moves of a joseki line, or with --game") !=
              std::string::npos);
    }
}

TEST_CASE("review of a file of several games reads the first compile analyses, and says so",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string file = d.dir.write(
        "m.sgf", "(;GM[1]SZ[9];B[ee])(;GM[1]FF[4]SZ[19];B[pd];W[dd])(;GM[1]SZ[19];B[dd])");
    const auto run =
        run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(file));
    CHECK(run.exit_code == 0);
    CHECK(run.err.find("holds 3 games; game 2 is read, the first that compile analyses") !=
          std::string::npos);
    CHECK(run.out.find("upper-right: in the book to its end") != std::string::npos);
    // A file of one game gets no note.
    const std::string one = d.dir.write("one.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])");
    CHECK(run_josekic("review " + shell_quote(d.path.string()) + " " + shell_quote(one))
              .err.find("note:") == std::string::npos);
}

TEST_CASE("lookup --game says of each corner without a line at the move why",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string handicap =
        d.dir.write("h.sgf", "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[dd];B[cc])");
    const auto text = run_josekic("lookup " + d.run("--game " + shell_quote(handicap)));
    INFO(text.out);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("upper-right corner: not tracked: setup stones (a handicap) stand in its "
                        "zone or its exclusion ring") != std::string::npos);
    CHECK(text.out.find("lower-right corner: not tracked: no corner sequence: no stone was played "
                        "in its zone in the first 2 moves") != std::string::npos);

    // kh is in the upper-right corner's exclusion ring: the corner's line ends there.
    const std::string ring = d.dir.write("r.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[qc];B[kh];W[dd])");
    const auto at_three =
        run_josekic("lookup " + d.run("--game " + shell_quote(ring) + " --move 2 --json"));
    CHECK(json::parse(at_three.out)["corners"][0]["corner"] == "upper-right");
    const auto shut = run_josekic("lookup " + d.run("--game " + shell_quote(ring) + " --json"));
    INFO(shut.out);
    const json lookup = json::parse(shut.out);
    REQUIRE(!lookup["corners_not_tracked"].empty());
    CHECK(lookup["corners_not_tracked"][0]["corner"] == "upper-right");
    CHECK(lookup["corners_not_tracked"][0]["why"] ==
          "its line ended before this move: a stone was played in its exclusion ring");
}

TEST_CASE(
    "lookup --corner answers from an index compiled with --patterns, and refuses one "
    "without",
    "[cli][e2e][lookup][patterns]") {
    const TempDir dir;
    const fs::path with = josekic::test_support::compile_games(
        dir.path() / "with", josekic::test_support::handmade_games(),
        [](josekic::compile::CompileOptions& o) {
            o.patterns = josekic::compile::PatternOutput::Write;
        });
    const fs::path without = josekic::test_support::compile_games(
        dir.path() / "without", josekic::test_support::handmade_games());
    const std::string stones = " --corner 'B[pd]' --either-colour --json";
    const auto run = run_josekic("lookup " + shell_quote(with.string()) + stones);
    INFO(run.err);
    CHECK(run.exit_code == 0);
    const json answer = json::parse(run.out);
    CHECK(answer["dictionary"] == "patterns");
    CHECK(answer["count"].get<int>() > 0);
    CHECK(answer["move_numbers"]["first"] == 1);
    // The games span 1999-2015: two eras, their "By era:" lines, text and JSON.
    REQUIRE(answer["eras"].size() == 2);
    CHECK(answer["eras"][0]["label"] == "1999-2009");
    CHECK(answer["continuations"][0]["by_era"].size() == 2);
    // The default the help names, and the JSON answer says, may be given too.
    CHECK(answer["to_move"] == "either");
    const auto either =
        run_josekic("lookup " + shell_quote(with.string()) + stones + " --to-move either");
    CHECK(either.exit_code == 0);
    CHECK(either.out == run.out);
    const auto red =
        run_josekic("lookup " + shell_quote(with.string()) + stones + " --to-move red");
    CHECK(red.exit_code == 2);
    CHECK(red.err.find("--to-move takes black, white or either, not 'red'") != std::string::npos);
    const auto empty =
        run_josekic("lookup " + shell_quote(with.string()) + stones + " --to-move ''");
    CHECK(empty.exit_code == 2);
    CHECK(empty.err.find("--to-move takes black, white or either, not ''") != std::string::npos);
    // A game's corner is the same query as its stones typed: --to-move narrows both.
    const std::string game =
        " --game " + shell_quote(std::string(JOSEKIC_SOURCE_DIR) + "/samples/chinese-opening.sgf");
    for (const char* side : {"black", "white"}) {
        const auto from_game =
            run_josekic("lookup " + shell_quote(with.string()) + game +
                        " --move 1 --corner upper-right --json --to-move " + side);
        const auto typed = run_josekic("lookup " + shell_quote(with.string()) +
                                       " --corner 'B[pd]' --json --to-move " + side);
        INFO(side << ": " << from_game.err);
        CHECK(from_game.exit_code == 0);
        CHECK(json::parse(from_game.out)["to_move"] == side);
        CHECK(from_game.out == typed.out);
    }
    const auto text = run_josekic("lookup " + shell_quote(with.string()) + " --corner Q16");
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("Played next") != std::string::npos);
    CHECK(text.out.find("\nBy era: 1999-2009 ") != std::string::npos);
    const auto refused = run_josekic("lookup " + shell_quote(without.string()) + stones);
    CHECK(refused.exit_code == 1);
    CHECK(refused.err.find("--patterns") != std::string::npos);
    const auto outside = run_josekic("lookup " + shell_quote(with.string()) + " --corner 'B[jj]'");
    CHECK(outside.exit_code == 2);
    CHECK(outside.err.find("--corner, column") != std::string::npos);
}
