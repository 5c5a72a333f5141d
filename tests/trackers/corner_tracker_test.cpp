#include <catch2/catch.hpp>

#include <span>

#include "core/game/replay.hpp"
#include "core/go/board.hpp"
#include "tests/support/corner_sequences.hpp"
#include "tests/trackers/tracker_test_games.hpp"
#include "trackers/corner_tracker.hpp"

using namespace josekic;
using namespace josekic::trackers;
using josekic::test_support::extract_corner_sequences;
using josekic::trackers::testing::game_of;
using josekic::trackers::testing::moves_of;

namespace {
go::Point pt(const char* sgf) {
    return *go::point_from_sgf(sgf);
}

// Runs one corner's tracker over a whole game and returns it (game coordinates).
CornerTracker track(Corner corner, const game::GameRecord& record, TrackerOptions options = {}) {
    CornerTracker tracker(Zone::default_zone(), corner, options);
    tracker.block_by_setup(record);
    for (std::size_t i = 0; i < record.moves.size(); ++i) tracker.play(record.moves[i], i);
    tracker.finish();
    return tracker;
}

const CornerSequence* find(const std::vector<CornerSequence>& sequences, Corner corner) {
    for (const auto& s : sequences) {
        if (s.corner == corner) return &s;
    }
    return nullptr;
}
}  // namespace

TEST_CASE("a stone in an overlap extends both corners' sequences", "[trackers]") {
    // jc is on the top side's middle: upper-right and upper-left
    const auto record = game_of("B[pd] W[dd] B[jc]");
    const auto ur = track(Corner::UpperRight, record);
    const auto ul = track(Corner::UpperLeft, record);
    CHECK(ur.moves() == moves_of("B[pd] W[] B[jc]"));  // White's dd was elsewhere for this corner
    CHECK(ul.moves() == moves_of("W[dd] B[jc]"));
    CHECK(track(Corner::LowerLeft, record).moves().empty());
}

TEST_CASE("a stone in one corner's ring shuts that tracker and not its neighbour", "[trackers]") {
    // hc is in the upper-left zone and the upper-right ring
    const auto record = game_of("B[pd] W[dd] B[hc] W[qf] B[cf]");
    const auto ur = track(Corner::UpperRight, record);
    CHECK(ur.moves() == moves_of("B[pd]"));
    CHECK(ur.end() == SequenceEnd::ExclusionRing);
    const auto ul = track(Corner::UpperLeft, record);
    CHECK(ul.moves() == moves_of("W[dd] B[hc] W[] B[cf]"));
    CHECK(ul.end() == SequenceEnd::GameEnd);
    // the upper-right tracker stays off: its later stone qf is not added
    const auto sequences =
        extract_corner_sequences(Zone::default_zone(), {}, record, record.moves.size());
    REQUIRE(sequences.size() == 2);
    REQUIRE(find(sequences, Corner::UpperRight) != nullptr);
    CHECK(find(sequences, Corner::UpperRight)->end == SequenceEnd::ExclusionRing);
    CHECK(find(sequences, Corner::UpperRight)->moves.size() == 1);
}

TEST_CASE("a false tenuki adds nothing, a real one adds a pass of the other colour", "[trackers]") {
    SECTION("false: both sides played elsewhere, the corner's colours still alternate") {
        const auto ur = track(Corner::UpperRight, game_of("B[pd] W[dd] B[dp] W[qf]"));
        CHECK(ur.moves() == moves_of("B[pd] W[qf]"));
        CHECK(ur.tenukis() == 0);
    }
    SECTION(
        "false again, then real: White answered elsewhere and White played in the corner next") {
        const auto ur = track(Corner::UpperRight, game_of("B[pd] W[qf] B[dd] W[dp] B[nc] W[qd]"));
        CHECK(ur.moves() == std::vector<go::Move>{go::Move::at(go::Color::Black, pt("pd")),
                                                  go::Move::at(go::Color::White, pt("qf")),
                                                  go::Move::at(go::Color::Black, pt("nc")),
                                                  go::Move::at(go::Color::White, pt("qd"))});
        const auto real = track(Corner::UpperRight, game_of("B[pd] W[qf] B[dd] W[qh]"));
        CHECK(real.moves() == moves_of("B[pd] W[qf] B[] W[qh]"));
        CHECK(real.tenukis() == 1);
    }
    SECTION("a trailing tenuki is not recorded") {
        const auto ur = track(Corner::UpperRight, game_of("B[pd] W[qf] B[dd] W[dp]"));
        CHECK(ur.moves() == moves_of("B[pd] W[qf]"));
    }
}

TEST_CASE("a pass in the game is a move outside every zone", "[trackers]") {
    CHECK(track(Corner::UpperRight, game_of("B[pd] W[] B[qf]")).moves() ==
          moves_of("B[pd] W[] B[qf]"));
    CHECK(track(Corner::UpperRight, game_of("B[pd] W[tt] B[] W[qf]")).moves() ==
          moves_of("B[pd] W[qf]"));
    // passes count toward the gap rule like any move elsewhere
    TrackerOptions options;
    options.max_gap = 2;
    const auto quiet = track(Corner::UpperRight, game_of("B[pd] W[] B[] W[] B[qf]"), options);
    CHECK(quiet.moves() == moves_of("B[pd]"));
    CHECK(quiet.end() == SequenceEnd::LongTenuki);
}

TEST_CASE("a capture inside a corner changes nothing for the tracker", "[trackers]") {
    // White's sa is captured by sb; White's retake at sa is suicide, so the replay keeps
    // the first four moves only and the tracker stops there.
    auto record = game_of("B[ra] W[sa] B[sb] W[pd] B[qc] W[sa] B[qf]");
    diag::DiagnosticList sink;
    const auto replayed = game::replay(record, sink);
    REQUIRE(replayed.legal_moves == 5);
    go::Board board;
    REQUIRE(board.play_line(std::span(record.moves).first(replayed.legal_moves)).played ==
            replayed.legal_moves);
    CHECK(board.at(pt("sa")) == go::Stone::Empty);
    const auto sequences =
        extract_corner_sequences(Zone::default_zone(), {}, record, replayed.legal_moves);
    REQUIRE(sequences.size() == 1);
    CHECK(sequences.front().end == SequenceEnd::GameEnd);
    // ra is off the diagonal and in the upper half already: no reflection, no swap
    CHECK(sequences.front().moves == moves_of("B[ra] W[sa] B[sb] W[pd] B[qc]"));
}

TEST_CASE("setup stones in a zone or ring keep that tracker off", "[trackers]") {
    auto record = game_of("B[pd] W[dd] B[pp] W[dp]");
    record.setup_black = {pt("qd")};  // upper-right zone
    record.setup_white = {pt("ep")};  // lower-left zone
    auto extraction = extract_corners(Zone::default_zone(), {}, record, record.moves.size());
    CHECK(extraction.blocked_by_setup.size() == 2);
    REQUIRE(extraction.sequences.size() == 2);
    CHECK(extraction.sequences[0].corner == Corner::UpperLeft);
    CHECK(extraction.sequences[1].corner == Corner::LowerRight);

    // hc: upper-left zone and upper-right ring, so both upper trackers stay off
    record.setup_black = {pt("hc")};
    record.setup_white = {};
    extraction = extract_corners(Zone::default_zone(), {}, record, record.moves.size());
    CHECK(extraction.blocked_by_setup.size() == 2);
    REQUIRE(extraction.sequences.size() == 2);
    CHECK(extraction.sequences[0].corner == Corner::LowerLeft);
    CHECK(extraction.sequences[1].corner == Corner::LowerRight);

    // tengen touches no zone and no ring
    record.setup_black = {pt("jj")};
    CHECK(extract_corners(Zone::default_zone(), {}, record, record.moves.size())
              .blocked_by_setup.empty());
}

TEST_CASE("the length cap and the gap rule end a sequence", "[trackers]") {
    TrackerOptions options;
    options.max_length = 3;
    const auto capped =
        track(Corner::UpperRight, game_of("B[pd] W[qf] B[dd] W[qh] B[oc]"), options);
    // the tenuki pass and W qh would make 4: neither is added (a pass alone would be a trailing
    // tenuki)
    CHECK(capped.moves() == moves_of("B[pd] W[qf]"));
    CHECK(capped.end() == SequenceEnd::LengthCap);
    const auto exact = track(Corner::UpperRight, game_of("B[pd] W[qf] B[qh] W[dd]"), options);
    CHECK(exact.moves() == moves_of("B[pd] W[qf] B[qh]"));
    CHECK(exact.end() == SequenceEnd::LengthCap);

    options = {};
    options.max_gap = 2;
    const auto left = track(Corner::UpperRight, game_of("B[pd] W[dd] B[dp] W[dj] B[qf]"), options);
    CHECK(left.moves() == moves_of("B[pd]"));
    CHECK(left.end() == SequenceEnd::LongTenuki);
    const auto kept = track(Corner::UpperRight, game_of("B[pd] W[dd] B[dp] W[qf]"), options);
    CHECK(kept.moves() == moves_of("B[pd] W[qf]"));
    CHECK(kept.end() == SequenceEnd::GameEnd);
    // no limit
    options.max_gap = 0;
    CHECK(track(Corner::UpperRight, game_of("B[pd] W[dd] B[dp] W[dj] B[qf]"), options).moves() ==
          moves_of("B[pd] W[] B[qf]"));
}

TEST_CASE("a game with no corner stone gives no sequence", "[trackers]") {
    const auto record = game_of("B[jj] W[jh] B[]");
    CHECK(extract_corner_sequences(Zone::default_zone(), {}, record, record.moves.size()).empty());
    CHECK(name(SequenceEnd::ExclusionRing) == "exclusion-ring");
}
