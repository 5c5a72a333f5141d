#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/pipeline/file_consumer.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "tests/compiler/pipeline/fake_parser.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using josekic::test_support::TempDir;
using josekic::testing::fake_parse;
using josekic::testing::transformed;

namespace {

pipeline::StreamOptions options_for_test(unsigned threads, std::ostream& diagnostics) {
    pipeline::StreamOptions options;
    options.threads = threads;
    options.progress = pipeline::Progress::Off;
    options.diagnostics_out = &diagnostics;
    options.parser = fake_parse;
    return options;
}

// What a run produced: the consumed games in order, the printed diagnostics, the report.
struct RunOutput {
    std::vector<std::string> consumed;
    std::string diagnostics;
    pipeline::RunReport report;
};

RunOutput run(const std::vector<std::string>& inputs, unsigned threads,
              pipeline::Duplicates duplicates = pipeline::Duplicates::Drop) {
    RunOutput out;
    std::ostringstream diagnostics;
    pipeline::StreamOptions options = options_for_test(threads, diagnostics);
    options.duplicates = duplicates;
    pipeline::stream_games<std::size_t>(
        inputs, options,
        [](const game::GameRecord& g, const game::ReplayResult& r) {
            return g.moves.size() * 1000 + r.legal_moves;
        },
        [&](const game::GameRecord& g, const game::ReplayResult&, std::size_t&& analysis) {
            out.consumed.push_back(g.source_path + "#" + std::to_string(g.index_in_file) + ":" +
                                   std::to_string(analysis));
        },
        out.report);
    out.diagnostics = diagnostics.str();
    return out;
}

const std::string kGame = "pd dp qp dc oq qk cf ch";

}  // namespace

TEST_CASE("games are consumed in file order, then game order, with their analysis", "[pipeline]") {
    TempDir dir;
    dir.write("b.sgf", "pd dp\nqd\n");
    dir.write("a.sgf", "dd pp pd\n");
    const RunOutput out = run({dir.str()}, 2);
    const std::string root = dir.str() + "/";
    CHECK(out.consumed == std::vector<std::string>{root + "a.sgf#1:3003", root + "b.sgf#1:2002",
                                                   root + "b.sgf#2:1001"});
    CHECK(out.report.files_read == 2);
    CHECK(out.report.games_read == 3);
    CHECK(out.report.games_kept == 3);
    CHECK(out.report.moves_replayed == 6);
}

TEST_CASE("games that are not Go, not 19x19 or have no moves are skipped with a reason",
          "[pipeline]") {
    TempDir dir;
    const std::string path =
        dir.write("a.sgf", "GM2 pd\nSZ9 cc\nSZ9\n" + kGame + "\npd pd dd\npd dp\nBAD\n");
    const RunOutput out = run({path}, 1);
    CHECK(out.report.games_read == 7);
    CHECK(out.report.games_kept == 3);
    CHECK(out.report.games_skipped.at("no-moves") == 1);
    CHECK(out.report.games_skipped.at("not-go") == 1);
    CHECK(out.report.games_skipped.at("not-19x19") == 2);
    CHECK(out.report.games_cut.at("occupied-point") == 1);
    CHECK(out.report.moves_replayed == 8 + 1 + 2);
    CHECK_THAT(out.diagnostics,
               Catch::Contains(path + ":1:1: warning: game 1 skipped: GM[2] is not Go [not-go]"));
    CHECK_THAT(
        out.diagnostics,
        Catch::Contains("game 2 skipped: board is 9x9; only 19x19 games are read [not-19x19]"));
    CHECK(out.report.diagnostics.by_code.at("occupied-point") == 1);
}

TEST_CASE("a rotated copy of a game in another file is read once", "[pipeline]") {
    TempDir dir;
    const std::string first = dir.write("a.sgf", kGame + "\n");
    const std::string second =
        dir.write("b/c.sgf", "dd\n" + transformed(kGame, go::Symmetry::Rotate90) + "\n");
    dir.write("b/d.sgf", transformed(kGame, go::Symmetry::Transpose) + "\n" + kGame + " tt\n");

    const RunOutput out = run({dir.str()}, 2);
    CHECK(out.report.games_read == 5);
    CHECK(out.report.games_kept == 3);
    CHECK(out.report.duplicates_dropped == 2);
    CHECK(out.report.games_skipped.at("duplicate") == 2);
    CHECK_THAT(out.diagnostics,
               Catch::Contains(second + ":2:1: warning: game 2 skipped: the same game as " + first +
                               " game 1, transformed by rotate90 [duplicate]"));
    CHECK_THAT(out.diagnostics, Catch::Contains("game 1, transformed by transpose [duplicate]"));

    const RunOutput kept = run({dir.str()}, 2, pipeline::Duplicates::Keep);
    CHECK(kept.report.games_kept == 5);
    CHECK(kept.report.duplicates_dropped == 0);
}

TEST_CASE("the same input read twice is all duplicates the second time", "[pipeline]") {
    TempDir dir;
    const std::string path = dir.write("a.sgf", kGame + "\npd dp\n");
    const RunOutput out = run({path, path}, 2);
    CHECK(out.report.files_read == 2);
    CHECK(out.report.games_kept == 2);
    CHECK(out.report.duplicates_dropped == 2);
}

TEST_CASE("one and two threads give identical results, diagnostics and reports", "[pipeline]") {
    TempDir dir;
    // Files of very different sizes, so that workers finish out of order.
    for (int i = 0; i < 60; ++i) {
        std::string body;
        const int games = (i * 7) % 13 + 1;
        for (int g = 0; g < games; ++g) {
            std::string line = kGame;
            line += " " + go::to_sgf(go::Point{static_cast<std::uint8_t>(i % 19),
                                               static_cast<std::uint8_t>(g % 19)});
            if (g % 5 == 0) line += " BAD";
            body +=
                transformed(line, go::kAllSymmetries[static_cast<std::size_t>(i + g) % 8]) + "\n";
        }
        dir.write("d" + std::to_string(i % 4) + "/f" + std::to_string(i) + ".sgf", body);
    }

    const RunOutput one = run({dir.str()}, 1);
    const RunOutput two = run({dir.str()}, 2);
    const RunOutput eight = run({dir.str()}, 8);
    CHECK(one.consumed.size() > 100);
    CHECK(one.report.duplicates_dropped > 0);
    CHECK(one.consumed == two.consumed);
    CHECK(one.consumed == eight.consumed);
    CHECK(one.diagnostics == two.diagnostics);
    CHECK(one.diagnostics == eight.diagnostics);
    CHECK(pipeline::render_text(one.report, pipeline::Timings::Omit) ==
          pipeline::render_text(two.report, pipeline::Timings::Omit));
    CHECK(pipeline::render_json(one.report, pipeline::Timings::Omit) ==
          pipeline::render_json(eight.report, pipeline::Timings::Omit));
}

TEST_CASE("the report names the five largest files, ties by path, whatever the walk order",
          "[pipeline]") {
    TempDir dir;
    // Sizes by name: two ties at the cut (the 12-byte files) and one above it.
    const std::vector<std::pair<std::string, std::size_t>> files = {
        {"a.sgf", 3},  {"b.sgf", 12}, {"c.sgf", 20}, {"d.sgf", 12}, {"e.sgf", 7},
        {"f.sgf", 12}, {"g.sgf", 30}, {"h.sgf", 20}, {"i.sgf", 1}};
    for (const auto& [name, size] : files) dir.write(name, std::string(size, ' ') + "\n");
    for (const unsigned threads : {1u, 2u}) {
        const RunOutput out = run({dir.str()}, threads);
        std::vector<std::string> largest;
        for (const pipeline::FileMeasure& f : out.report.largest_files) {
            largest.push_back(f.path.substr(dir.str().size() + 1) + "=" + std::to_string(f.bytes));
        }
        CHECK(largest ==
              std::vector<std::string>{"g.sgf=31", "c.sgf=21", "h.sgf=21", "b.sgf=13", "d.sgf=13"});
        CHECK(out.report.slowest_files.size() == 5);
    }
}

TEST_CASE("missing inputs and unreadable files are counted, and the run goes on", "[pipeline]") {
    TempDir dir;
    const std::string present = dir.write("a.sgf", kGame + "\n");
    const RunOutput out = run({dir.str() + "/nope", present}, 2);
    CHECK(out.report.inputs_missing == 1);
    CHECK(out.report.has_fatal_errors());
    REQUIRE(out.report.files_skipped.size() == 1);
    CHECK(out.report.files_skipped[0].code == diag::Code::InputNotFound);
    CHECK(out.report.games_kept == 1);
    CHECK_THAT(out.diagnostics,
               Catch::Contains("nope: error: no such file or directory [input-not-found]"));
}

TEST_CASE("quiet prints errors but not warnings, and counts both", "[pipeline]") {
    TempDir dir;
    const std::string present = dir.write("a.sgf", "BAD pd\n");
    std::ostringstream diagnostics;
    pipeline::StreamOptions options = options_for_test(2, diagnostics);
    options.verbosity = pipeline::Verbosity::Quiet;
    pipeline::RunReport report;
    pipeline::stream_games({dir.str() + "/nope", present}, options, nullptr, report);
    CHECK_THAT(diagnostics.str(), Catch::Contains("[input-not-found]"));
    CHECK_THAT(diagnostics.str(), !Catch::Contains("[unexpected-character]"));
    CHECK(report.diagnostics.by_code.at("unexpected-character") == 1);
    CHECK(report.diagnostics.errors == 1);
    CHECK(report.diagnostics.warnings == 1);
}

TEST_CASE("an exception in a callback stops the run and reaches the caller", "[pipeline]") {
    TempDir dir;
    for (int i = 0; i < 40; ++i)
        dir.write("f" + std::to_string(i) + ".sgf",
                  "pd dp " + go::to_sgf(go::Point{static_cast<std::uint8_t>(i % 19), 10}) + "\n");
    std::ostringstream diagnostics;
    const pipeline::StreamOptions options = options_for_test(2, diagnostics);
    pipeline::RunReport report;
    int consumed = 0;
    CHECK_THROWS_WITH(pipeline::stream_games(
                          {dir.str()}, options,
                          [&](const game::GameRecord&, const game::ReplayResult&) {
                              if (++consumed == 3) throw std::runtime_error("consumer gave up");
                          },
                          report),
                      "consumer gave up");
    CHECK_THROWS_WITH(pipeline::stream_games<int>(
                          {dir.str()}, options,
                          [](const game::GameRecord&, const game::ReplayResult&) -> int {
                              throw std::runtime_error("analysis gave up");
                          },
                          [](const game::GameRecord&, const game::ReplayResult&, int&&) {}, report),
                      "analysis gave up");
}

TEST_CASE("a stage that fails while the reader waits for room stops the reader too", "[pipeline]") {
    // More units than the queue holds (units of 64 files, 8 a thread and 8 more): the reader
    // is waiting to hand one over when the consumer fails, and must stop there, not go on
    // with the unit the queue refused (a write of --diagnostics failing on a full disk).
    TempDir dir;
    for (int i = 0; i < 4000; ++i)
        dir.write("f" + std::to_string(i) + ".sgf",
                  "pd dp " + go::to_sgf(go::Point{static_cast<std::uint8_t>(i % 19), 10}) + "\n");
    std::ostringstream diagnostics;
    const pipeline::StreamOptions options = options_for_test(2, diagnostics);
    pipeline::RunReport report;
    CHECK_THROWS_WITH(pipeline::stream_games(
                          {dir.str()}, options,
                          [](const game::GameRecord&, const game::ReplayResult&) {
                              throw std::runtime_error("cannot write the diagnostics");
                          },
                          report),
                      "cannot write the diagnostics");
}

TEST_CASE("an INPUT that cannot be read during the run fails it, a file inside it does not",
          "[pipeline]") {
    // The check before the run found both readable; an I/O error came later.
    std::ostringstream diagnostics;
    const pipeline::StreamOptions options = options_for_test(1, diagnostics);
    pipeline::RunReport report;
    report.inputs = {"games", "more.sgf"};
    const std::function<void(pipeline::StreamedFile&, std::size_t)> consume_game =
        [](pipeline::StreamedFile&, std::size_t) {};
    pipeline::FileConsumer consumer(report.inputs, options, consume_game, report);
    const auto unreadable = [](const std::string& path) {
        pipeline::StreamedFile file;
        file.display_path = path;
        file.read_error = diag::Diagnostic{path,
                                           {},
                                           diag::Severity::Error,
                                           diag::Code::CannotRead,
                                           "error while listing directory: Input/output error"};
        return file;
    };
    pipeline::StreamedFile inside = unreadable("games/2019");
    consumer.consume(inside);
    CHECK_FALSE(report.has_fatal_errors());
    pipeline::StreamedFile input = unreadable("games");
    consumer.consume(input);
    CHECK(report.has_fatal_errors());
    CHECK(report.files_skipped.size() == 2);
}
