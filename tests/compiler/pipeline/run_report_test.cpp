#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "compiler/pipeline/run_report.hpp"

using namespace josekic::pipeline;
namespace diag = josekic::diag;

namespace {
RunReport sample_report() {
    RunReport r;
    r.inputs = {"games", "fox \"2019\".tar.xz"};
    r.files_read = 3;
    r.bytes_read = 1234;
    r.files_skipped.push_back(
        {"games/bad.sgf", diag::Code::CannotRead, "cannot open: Permission denied"});
    r.games_read = 10;
    r.games_kept = 7;
    r.games_skipped = {{"duplicate", 2}, {"not-19x19", 1}};
    r.duplicates_dropped = 2;
    r.moves_replayed = 1500;
    r.games_cut = {{"suicide", 1}};
    r.diagnostics.add(
        {"games/a.sgf", {1, 2}, josekic::diag::Severity::Warning, diag::Code::Suicide, "x"});
    r.largest_files.push_back({"games/a.sgf", 1000, 0.5});
    r.slowest_files.push_back({"games/a.sgf", 1000, 0.5});
    r.times.wall = 1.25;
    r.times.threads = 2;
    return r;
}
}  // namespace

TEST_CASE("the text report lists counts, reasons and files", "[pipeline]") {
    const std::string text = render_text(sample_report(), Timings::Include);
    CHECK_THAT(text, Catch::Contains(
                         "games skipped                   3\n  duplicate                     2\n"
                         "  not-19x19                     1\n"));
    CHECK_THAT(text,
               Catch::Contains("  games/bad.sgf: cannot open: Permission denied [cannot-read]\n"));
    CHECK_THAT(text, Catch::Contains("duplicates dropped              2\n"));
    CHECK_THAT(text, Catch::Contains("wall time                       1.250 s (2 threads)\n"));
    const std::string without = render_text(sample_report(), Timings::Omit);
    CHECK_THAT(without, !Catch::Contains("wall time"));
    CHECK_THAT(without, !Catch::Contains("slowest"));
}

TEST_CASE("the text report shows each file on one line, whatever its name holds", "[pipeline]") {
    RunReport r = sample_report();
    const std::string name = "games/lf-a\nb\x1B[2J.sgf";
    r.files_skipped.push_back({name, diag::Code::NoGameTree, "no game tree"});
    r.largest_files.push_back({name, 2000, 0.5});
    const std::string text = render_text(r, Timings::Include);
    CHECK_THAT(text, Catch::Contains("  games/lf-a\xEF\xBF\xBD"
                                     "b\xEF\xBF\xBD[2J.sgf: no game tree [no-game-tree]\n"));
    CHECK_THAT(text, !Catch::Contains("\x1B"));
    CHECK_THAT(text, !Catch::Contains("lf-a\n"));
    // JSON keeps the name as it is, escaped.
    CHECK_THAT(render_json(r, Timings::Omit), Catch::Contains("lf-a\\nb\\u001b[2J.sgf"));
}

TEST_CASE("the JSON report is escaped and omits timings on request", "[pipeline]") {
    const std::string json = render_json(sample_report(), Timings::Omit);
    CHECK_THAT(json,
               Catch::StartsWith("{\n  \"inputs\": [\"games\", \"fox \\\"2019\\\".tar.xz\"],\n"));
    CHECK_THAT(json, Catch::Contains("\"games_skipped\": {\"duplicate\": 2, \"not-19x19\": 1}"));
    CHECK_THAT(
        json,
        Catch::Contains(
            "\"diagnostics\": {\"warnings\": 1, \"errors\": 0, \"by_code\": {\"suicide\": 1}}"));
    CHECK_THAT(
        json, Catch::Contains("\"largest_files\": [{\"path\": \"games/a.sgf\", \"bytes\": 1000}]"));
    CHECK_THAT(json, !Catch::Contains("seconds"));
    CHECK_THAT(json, Catch::EndsWith("\n}\n"));
    CHECK_THAT(render_json(sample_report(), Timings::Include), Catch::Contains("\"wall\": 1.25,"));
}

TEST_CASE("the JSON report reads back with a JSON parser as the report it was made of",
          "[pipeline]") {
    RunReport report = sample_report();
    report.filter.since = 2017;
    report.filtered.games_removed = 3;
    const nlohmann::json json = nlohmann::json::parse(render_json(report, Timings::Include));
    CHECK(json.at("inputs") == nlohmann::json::array({"games", "fox \"2019\".tar.xz"}));
    CHECK(json.at("files_skipped").at(0).at("code") == "cannot-read");
    CHECK(json.at("games_skipped").at("not-19x19") == 1);
    CHECK(json.at("filtered").at("games") == 3);
    CHECK(json.at("filtered").at("filters").at(0).at("filter") == "--since 2017");
    CHECK(json.at("diagnostics").at("by_code").at("suicide") == 1);
    CHECK(json.at("slowest_files").at(0).at("seconds") == 0.5);
    CHECK(json.at("seconds").at("wall") == 1.25);
    CHECK(json.at("threads") == 2);
    // The one writer's report layout: one member per line.
    CHECK(render_json(report, Timings::Omit) ==
          josekic::emit::json_report_text(report_json(report, Timings::Omit)));
}
