#include <catch2/catch.hpp>

#include "tests/cli/run_binary.hpp"
#include "tests/support/compiled_dictionary.hpp"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
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

TEST_CASE("a malformed lookup query is exit 2 with its column", "[cli][e2e][lookup]") {
    const Dictionary d;
    const auto run = run_josekic("lookup " + d.run("--moves 'pd qc zz'"));
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("column 7") != std::string::npos);
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
        "max_length": 30, "max_gap": 40, "fuseki_moves": 30, "duplicates_kept": false})"));
    CHECK(answer["position"]["key_collisions"] == 0);
}

TEST_CASE("review of a handicap game says its opening is not in the index", "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("h.sgf", "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[dd];B[cc])");
    const auto text =
        run_josekic("review " + shell_quote(game) + " --dict " + shell_quote(d.path.string()));
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
    const auto review = run_josekic("review " + shell_quote(d.path.string()) + " --dict " +
                                    shell_quote(d.path.string()));
    CHECK(review.exit_code == 1);
    CHECK(review.err.find(d.path.string() + " is a directory") != std::string::npos);
}

TEST_CASE("review counts a corner's moves in the book, one move in the singular",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("one.sgf", "(;GM[1]FF[4]SZ[19];B[pd])");
    const auto text =
        run_josekic("review " + shell_quote(game) + " --dict " + shell_quote(d.path.string()));
    INFO(text.out << text.err);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("upper-right: in the book to its end (1 move, played ") !=
          std::string::npos);
}

TEST_CASE("review --json is one JSON object with the index options and a lookup per line",
          "[cli][e2e][lookup]") {
    const Dictionary d;
    const std::string game = d.dir.write("g.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[dp])");
    const auto run = run_josekic("review " + shell_quote(game) + " --json --dict " +
                                 shell_quote(d.path.string()));
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
