#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

#include "core/diag/diagnostic.hpp"
#include "core/game/replay.hpp"
#include "core/sgf/game_reader.hpp"
#include "index/index_options.hpp"
#include "index/index_reader.hpp"
#include "index/review.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

// The upper-right 5x5 points: a zone much smaller than the default one.
std::string small_zone_map() {
    std::string map;
    for (int y = 0; y < 19; ++y) {
        for (int x = 0; x < 19; ++x) map += x >= 14 && y <= 4 ? 'X' : '.';
        map += '\n';
    }
    return map;
}

}  // namespace

TEST_CASE("the tracking options survive the index's record", "[index][options]") {
    std::string why;
    std::array<bool, go::kNumPoints> table{};
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        table[static_cast<std::size_t>(i)] = p.x >= 14 && p.y <= 4;
    }
    index::TrackingOptions options{*trackers::Zone::from_table(table, why), {7, 0, {}}, {12}, true};
    const index::TrackingOptions back =
        index::TrackingOptions::from_record(options.to_record(), "x.jki");
    CHECK(back.zone.to_map() == options.zone.to_map());
    CHECK_FALSE(back.default_zone());
    CHECK(back.tracker.max_length == 7);
    CHECK(back.tracker.max_gap == 0);
    CHECK(back.opening.max_moves == 12);
    CHECK(back.duplicates_kept);
    CHECK(back.describe() ==
          "zones custom (25 points), max-length 7, max-gap none, fuseki-moves 12, duplicates kept");
    CHECK(index::TrackingOptions{}.describe() ==
          "zones default (98 points), max-length 30, max-gap 40, fuseki-moves 30");
}

TEST_CASE("the index records the cutoff rule, and Dyer's ring as it always did",
          "[index][options][cutoff]") {
    index::TrackingOptions options;
    CHECK(options.to_record().flags == 0);  // an index compiled with the ring keeps its bytes
    options.tracker.cutoff = *trackers::parse_cutoff("contact:3,5");
    const index::OptionsRecord record = options.to_record();
    const index::TrackingOptions back = index::TrackingOptions::from_record(record, "x.jki");
    CHECK(back.tracker.cutoff == options.tracker.cutoff);
    CHECK(back.describe() ==
          "zones default (98 points), max-length 30, max-gap 40, fuseki-moves 30, cutoff "
          "contact:3,5");
    index::OptionsRecord unknown = record;
    unknown.flags |= 0x7FU << index::OptionsRecord::kCutoffKindShift;
    CHECK_THROWS_WITH(index::TrackingOptions::from_record(unknown, "x.jki"),
                      Catch::Contains("x.jki") && Catch::Contains("cutoff rule"));
}

TEST_CASE("the index records the options compile tracked with, and review tracks with them",
          "[index][options]") {
    test_support::TempDir dir;
    const fs::path zones = dir.write("zones.txt", small_zone_map());
    // Upper right: pd qc qd pc rd od, cut at 4 moves; then the other corners.
    const std::string game =
        "(;GM[1]FF[4]SZ[19];B[pd];W[qc];B[qd];W[pc];B[rd];W[od];B[dd];W[dp];B[pp])";
    const fs::path dict = test_support::compile_games(dir.path(), {game}, [&](auto& options) {
        options.zones_file = zones.string();
        options.tracker.max_length = 4;
        options.opening.max_moves = 6;
    });
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::TrackingOptions options = index::tracking_options(file);
    CHECK(options.zone.size() == 25);
    CHECK(options.tracker.max_length == 4);
    CHECK(options.opening.max_moves == 6);

    // With the default zone and lengths, the game's upper-right line (pd qc qd pc rd od) and
    // its opening (9 moves) would leave the book; tracked as compile tracked them, they are in
    // it to their end.
    diag::DiagnosticList problems;
    const std::vector<game::GameRecord> records = sgf::read_games(game, "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    const std::size_t legal = game::replay(records[0], problems).legal_moves;
    const index::GameReview review = index::review_game(file, records[0], legal, 5);
    REQUIRE_FALSE(review.lines.empty());
    for (const index::LineReview& line : review.lines) {
        INFO(line.name);
        CHECK(line.line.node);
        if (line.name == "upper-right") CHECK(line.line.query.played.size() == 4);
        if (line.name == "opening") CHECK(line.line.query.played.size() == 6);
    }
}

TEST_CASE("review cuts a game by the cutoff rule the index was compiled with",
          "[index][options][cutoff]") {
    test_support::TempDir dir;
    // Under locality, White's far approach ic is a tenuki for the upper right: pd, tenuki, nc.
    const std::string game = "(;GM[1]FF[4]SZ[19];B[pd];W[ic];B[nc];W[dp])";
    const fs::path dict = test_support::compile_games(dir.path(), {game}, [&](auto& options) {
        options.tracker.cutoff = *trackers::parse_cutoff("locality");
    });
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    CHECK(index::tracking_options(file).tracker.cutoff.name() == "locality");
    diag::DiagnosticList problems;
    const std::vector<game::GameRecord> records = sgf::read_games(game, "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    const std::size_t legal = game::replay(records[0], problems).legal_moves;
    const index::GameReview review = index::review_game(file, records[0], legal, 5);
    bool upper_right = false;
    for (const index::LineReview& line : review.lines) {
        if (line.name != "upper-right") continue;
        upper_right = true;
        CHECK(line.line.node);
        CHECK(line.line.query.played.size() == 3);
    }
    CHECK(upper_right);
}
