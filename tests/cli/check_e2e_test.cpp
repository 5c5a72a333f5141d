#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli/run_binary.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::testing::json_number;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;

namespace {

const std::string kSamples = JOSEKIC_SOURCE_DIR "/samples";
const std::string kGoban = "/usr/share/goban";

}  // namespace

TEST_CASE("check reads the samples and exits 0", "[e2e]") {
    const auto run = run_josekic("check --quiet --json --no-timings " + shell_quote(kSamples));
    REQUIRE(run.exit_code == 0);
    CHECK(json_number(run.out, "files_read") == 6);
    CHECK(json_number(run.out, "games_read") == 7);
    CHECK(json_number(run.out, "games_kept") == 6);
    CHECK_THAT(run.out, Catch::Contains("\"not-19x19\": 1"));
    CHECK(json_number(run.out, "duplicates_dropped") == 0);
}

TEST_CASE("check gives the same report and diagnostics with 1 and 2 threads", "[e2e]") {
    std::string inputs = shell_quote(kSamples);
    if (std::filesystem::exists(kGoban)) inputs += " " + kGoban;
    const auto one = run_josekic("check --threads 1 --no-timings " + inputs);
    const auto two = run_josekic("check --threads 2 --no-timings " + inputs);
    CHECK(one.exit_code == 0);
    CHECK(one.out == two.out);
    CHECK(one.err == two.err);
    const auto json_one = run_josekic("check --quiet --json --threads 1 --no-timings " + inputs);
    const auto json_two = run_josekic("check --quiet --json --threads 2 --no-timings " + inputs);
    CHECK(json_one.out == json_two.out);
}

TEST_CASE("the samples read from an archive give the same games as the directory", "[e2e]") {
    josekic::test_support::TempDir dir;
    std::vector<std::pair<std::string, std::string>> entries;
    for (const auto& entry : std::filesystem::directory_iterator(kSamples)) {
        entries.emplace_back("samples/" + entry.path().filename().string(),
                             josekic::test_support::slurp(entry.path()));
    }
    const std::string archive = (dir.path() / "samples.tar.xz").string();
    josekic::test_support::make_archive(archive, josekic::test_support::ArchiveKind::TarXz,
                                        entries);
    const auto from_dir = run_josekic("check --quiet --json --no-timings " + shell_quote(kSamples));
    const auto from_archive =
        run_josekic("check --quiet --json --no-timings " + shell_quote(archive));
    CHECK(from_archive.exit_code == 0);
    CHECK(json_number(from_archive.out, "games_kept") == json_number(from_dir.out, "games_kept"));
    CHECK(json_number(from_archive.out, "moves_replayed") ==
          json_number(from_dir.out, "moves_replayed"));
    // Both together: every game of the archive is a duplicate of the directory's.
    const auto both = run_josekic("check --quiet --json --no-timings " + shell_quote(kSamples) +
                                  " " + shell_quote(archive));
    CHECK(json_number(both.out, "duplicates_dropped") == json_number(from_dir.out, "games_kept"));
}

TEST_CASE("check reads every file of /usr/share/goban", "[e2e]") {
    if (!std::filesystem::exists(kGoban)) {
        WARN(
            "/usr/share/goban is not installed (Debian package goban-original-games); test "
            "skipped");
        return;
    }
    const auto run = run_josekic("check --json " + kGoban);
    CHECK(run.exit_code == 0);
    CHECK(json_number(run.out, "files_read") == 596);
    CHECK(json_number(run.out, "games_read") == 596);
    CHECK_THAT(run.out, Catch::Contains("\"files_skipped\": []"));
    // Every skipped game is explained on stderr by a diagnostic with its reason code.
    const long skipped = json_number(run.out, "games_read") - json_number(run.out, "games_kept");
    long explained = 0;
    for (const char* code : {"[duplicate]", "[not-19x19]", "[not-go]", "[no-moves]"}) {
        for (std::size_t at = run.err.find(code); at != std::string::npos;
             at = run.err.find(code, at + 1))
            ++explained;
    }
    CHECK(explained == skipped);
}

TEST_CASE("the text report is the default and JSON is valid", "[e2e]") {
    const auto text = run_josekic("check --quiet " + shell_quote(kSamples));
    CHECK_THAT(text.out, Catch::StartsWith("inputs "));
    CHECK_THAT(text.out, Catch::Contains("wall time"));
    const auto json = run_josekic("check --quiet --json " + shell_quote(kSamples));
    CHECK_THAT(json.out, Catch::StartsWith("{\n"));
    CHECK_THAT(json.out, Catch::EndsWith("\n}\n"));
    const nlohmann::json report = nlohmann::json::parse(json.out);
    CHECK(report.at("seconds").at("wall").is_number());
    CHECK(report.at("threads").get<int>() > 0);
}

TEST_CASE("check --json names awkward files in valid JSON, as the text report does", "[e2e]") {
    const josekic::test_support::TempDir dir;
    // A quote, a backslash, a tab and a Latin-1 byte in names that cannot be read as games.
    dir.write("say \"hi\" \\ there.sgf", "no game");
    dir.write("tab\there.sgf", "no game");
    dir.write("caf\xe9.sgf", "no game");
    dir.write("game.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])");
    const auto run = run_josekic("check --quiet --json --no-timings --since 2000 " +
                                 shell_quote(dir.str()) + " " + shell_quote(dir.str() + "/none"));
    CHECK(run.exit_code == 1);  // the missing input
    const nlohmann::json report = nlohmann::json::parse(run.out);
    CHECK(report.at("inputs").at(0) == dir.str());
    std::vector<std::string> skipped;
    for (const nlohmann::json& file : report.at("files_skipped"))
        skipped.push_back(std::filesystem::path(file.at("path").get<std::string>()).filename());
    CHECK_THAT(skipped, Catch::VectorContains(std::string("say \"hi\" \\ there.sgf")));
    CHECK_THAT(skipped, Catch::VectorContains(std::string("tab\there.sgf")));
    // A byte that is not UTF-8 is U+FFFD, so that the object stays JSON.
    CHECK_THAT(skipped, Catch::VectorContains(std::string("caf\xef\xbf\xbd.sgf")));
    CHECK(report.at("inputs_missing") == 1);
    CHECK(report.at("filtered").at("filters").at(0).at("filter") == "--since 2000");
    CHECK_FALSE(report.contains("seconds"));
}

TEST_CASE("check reads GIB, NGF and UGF games inside a 7z and names a missing volume", "[e2e]") {
    josekic::test_support::TempDir dir;
    const std::string gib =
        "\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\HE\n\\GS\nSTO 0 2 1 15 3\n"
        "STO 0 3 2 3 15\n\\GE\n";
    const std::string ngf =
        "Rated game\n19\nw 1D\nb 1D\nsite\n0\n0\n6\n20170316\n5\n"
        "Black wins by 0.5!\n2\nPMABBREER\nPMACWEEQQE\n";
    const std::string ugf = "[Header]\nSize=19\nPlayerB=b,1d,,\n[Data]\nQP,B1,1,0\nDD,W1,2,0\n";
    josekic::test_support::make_archive((dir.path() / "mine.7z").string(),
                                        josekic::test_support::ArchiveKind::SevenZip,
                                        {{"a.gib", gib}, {"b.ngf", ngf}, {"c.ugf", ugf}});
    dir.write("split.7z.001", "7z\xBC\xAF\x27\x1C");
    dir.write("split.7z.003", "rest");
    const auto run = run_josekic("check --json --no-timings " + shell_quote(dir.str()));
    CHECK(run.exit_code == 0);
    CHECK(json_number(run.out, "games_read") == 3);
    CHECK(json_number(run.out, "moves_replayed") == 6);
    CHECK_THAT(run.err, Catch::Contains("split.7z.002 of this split archive is missing"));
}

TEST_CASE("a file without a game tree counts among the files skipped", "[e2e]") {
    const josekic::test_support::TempDir dir;
    dir.write("notes.sgf", "just some notes, no game here\n");
    dir.write("game.sgf", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])");
    const auto run = run_josekic("check --quiet " + shell_quote(dir.str()));
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.err, Catch::Contains("[no-game-tree]"));
    CHECK(std::regex_search(run.out, std::regex("files skipped +1\n")));
    CHECK_THAT(run.out, Catch::Contains("notes.sgf: no SGF game tree in this file"));
}

TEST_CASE("a file's diagnostics come out in the order of its lines", "[e2e]") {
    // Text outside the trees is known to be a warning, not a file without a game, only at the
    // end of the file: it is still said first, where it is.
    const josekic::test_support::TempDir dir;
    dir.write("order.sgf", "abc\n(;GM[1]FF[4]SZ[19];B[pd];W[dd]))\nxyz\n()\n");
    const auto run =
        run_josekic("check --no-timings " + shell_quote((dir.path() / "order.sgf").string()));
    const std::size_t text = run.err.find("order.sgf:1:1: warning: text outside");
    const std::size_t paren = run.err.find("order.sgf:2:32: warning: ')' outside");
    const std::size_t empty = run.err.find("order.sgf:4:1: warning: game tree without any node");
    INFO(run.err);
    REQUIRE(text != std::string::npos);
    REQUIRE(paren != std::string::npos);
    REQUIRE(empty != std::string::npos);
    CHECK(text < paren);
    CHECK(paren < empty);
}
