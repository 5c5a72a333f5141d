#include <catch2/catch.hpp>

#include "tests/trackers/tracker_test_games.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/cutoff.hpp"

using namespace josekic;
using namespace josekic::trackers;
using josekic::trackers::testing::game_of;
using josekic::trackers::testing::moves_of;

namespace {

// Runs one corner's tracker over a whole game under `cutoff` (game coordinates).
CornerTracker track(Corner corner, std::string_view moves, std::string_view cutoff,
                    const Zone& zone = Zone::default_zone()) {
    TrackerOptions options;
    options.cutoff = *parse_cutoff(cutoff);
    const auto record = game_of(moves);
    CornerTracker tracker(zone, corner, options);
    tracker.block_by_setup(record);
    go::Board board;  // the game's board, which a local rule compares its line with
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        board.play(record.moves[i]);
        tracker.play(record.moves[i], i, &board);
    }
    tracker.finish();
    return tracker;
}

}  // namespace

TEST_CASE("cutoff names read back as the rule they name", "[trackers][cutoff]") {
    CHECK(parse_cutoff("ring") == CutoffRule{CutoffRule::Kind::Ring, 0, 0});
    CHECK(parse_cutoff("locality") == CutoffRule{CutoffRule::Kind::Locality,
                                                 kDefaultLocalityDistance,
                                                 kDefaultApproachDistance});
    CHECK(parse_cutoff("spill:5") == CutoffRule{CutoffRule::Kind::Spill, 5, 5});
    CHECK(parse_cutoff("contact:3,5") == CutoffRule{CutoffRule::Kind::Contact, 5, 3});
    CHECK(parse_cutoff("contested") == CutoffRule{CutoffRule::Kind::Contested, 6, 4});
    CHECK(cutoff_from_code(4, 6, 4) == parse_cutoff("contested"));
    for (std::string_view name :
         {"ring", "locality", "locality:3", "spill:2,7", "contact", "contested", "contested:5"})
        CHECK(parse_cutoff(name)->name() == name);
    for (std::string_view bad : {"", "rings", "ring:3", "locality:", "locality:0", "locality:19",
                                 "locality:5,3", "locality:x", "spill:3,"})
        CHECK_FALSE(parse_cutoff(bad));
    CHECK(cutoff_from_code(1, 6, 4) == parse_cutoff("locality"));
    CHECK(cutoff_from_code(0, 0, 0) == parse_cutoff("ring"));
    CHECK_FALSE(cutoff_from_code(0, 3, 0));
    CHECK_FALSE(cutoff_from_code(1, 3, 4));
    CHECK_FALSE(cutoff_from_code(9, 3, 3));
}

TEST_CASE("the corner proper is the first seven lines from both of the corner's edges",
          "[trackers][cutoff]") {
    CHECK(in_corner_proper(Corner::UpperRight, *go::point_from_sgf("pd")));
    CHECK(in_corner_proper(Corner::UpperRight, *go::point_from_sgf("mg")));  // 7-7
    CHECK_FALSE(in_corner_proper(Corner::UpperRight, *go::point_from_sgf("lc")));
    CHECK(in_corner_proper(Corner::LowerLeft, *go::point_from_sgf("dp")));
    CHECK_FALSE(in_corner_proper(Corner::LowerLeft, *go::point_from_sgf("pd")));
}

TEST_CASE("locality turns a far approach to a lone stone into a tenuki", "[trackers][cutoff]") {
    // ic is 7 lines from pd along the top: in the upper-right zone, far from its stone.
    const std::string_view game = "B[pd] W[ic] B[nc]";
    CHECK(track(Corner::UpperRight, game, "ring").moves() == moves_of("B[pd] W[ic] B[nc]"));
    CHECK(track(Corner::UpperRight, game, "locality").moves() == moves_of("B[pd] W[] B[nc]"));
    // ic is no corner move for the upper left either: it lies 9 lines from the left edge.
    CHECK(track(Corner::UpperLeft, game, "ring").moves() == moves_of("W[ic]"));
    CHECK(track(Corner::UpperLeft, game, "locality").moves().empty());
    // The same distance within the approach distance of the lone stone belongs to the corner.
    CHECK(track(Corner::UpperRight, "B[pd] W[lc]", "locality").moves() == moves_of("B[pd] W[lc]"));
    // Once the corner is contested, a pincer 6 lines from a stone still belongs to it.
    CHECK(track(Corner::UpperRight, "B[pd] W[nc] B[hc]", "locality:4,6").moves() ==
          moves_of("B[pd] W[nc]"));  // hc is in the ring: locality keeps Dyer's ring
    CHECK(track(Corner::UpperRight, "B[pd] W[qf] B[qk]", "locality").moves() ==
          moves_of("B[pd] W[qf] B[qk]"));
    CHECK(track(Corner::UpperRight, "B[pd] W[qf] B[qk]", "locality:3").moves() ==
          moves_of("B[pd] W[qf]"));
}

TEST_CASE("a ring stone far from the corner ends the line under ring, not under spill",
          "[trackers][cutoff]") {
    // hc is in the upper-right ring, 8 lines from pd: the long fight on the right side goes on.
    const std::string_view game = "B[pd] W[qf] B[hc] W[qh] B[qi]";
    const CornerTracker ring = track(Corner::UpperRight, game, "ring");
    CHECK(ring.moves() == moves_of("B[pd] W[qf]"));
    CHECK(ring.end() == SequenceEnd::ExclusionRing);
    const CornerTracker locality = track(Corner::UpperRight, game, "locality");
    CHECK(locality.moves() == moves_of("B[pd] W[qf]"));
    const CornerTracker spill = track(Corner::UpperRight, game, "spill");
    CHECK(spill.moves() == moves_of("B[pd] W[qf] B[] W[qh] B[qi]"));
    CHECK(spill.end() == SequenceEnd::GameEnd);
}

TEST_CASE("contact ends a corner shut by an outside stone touching it", "[trackers][cutoff]") {
    // ql is in the ring, next to Black's qk: it takes a liberty of the corner's stone.
    const CornerTracker shut =
        track(Corner::UpperRight, "B[qd] W[qh] B[qk] W[ql] B[pk]", "contact");
    CHECK(shut.moves() == moves_of("B[qd] W[qh] B[qk]"));
    CHECK(shut.end() == SequenceEnd::ExclusionRing);
    // pl is in the ring too, diagonal to qk: near (spill ends) but not touching (contact goes on).
    const std::string_view game = "B[qd] W[qh] B[qk] W[pl] B[pk]";
    CHECK(track(Corner::UpperRight, game, "spill").moves() == moves_of("B[qd] W[qh] B[qk]"));
    CHECK(track(Corner::UpperRight, game, "contact").moves() ==
          moves_of("B[qd] W[qh] B[qk] W[] B[pk]"));
}

TEST_CASE("a local rule starts a corner only in the corner proper", "[trackers][cutoff]") {
    // kc is in the upper-right zone but 9 lines from the right edge: a move on the top side.
    CHECK(track(Corner::UpperRight, "B[kc] W[pd]", "ring").moves() == moves_of("B[kc] W[pd]"));
    CHECK(track(Corner::UpperRight, "B[kc] W[pd]", "locality").moves() == moves_of("W[pd]"));
}

TEST_CASE("the built-in zone shapes are squares of the corner, tengen left out",
          "[trackers][cutoff]") {
    CHECK(Zone::named("sawtooth")->to_map() == Zone::default_zone().to_map());
    CHECK(Zone::named("7x7")->size() == 49);
    CHECK(Zone::named("8x8")->size() == 64);
    CHECK(Zone::named("10x10")->size() == 99);
    CHECK_FALSE(Zone::named("9x9"));
    const Zone seven = *Zone::named("7x7");
    CHECK(seven.contains(Corner::UpperRight, *go::point_from_sgf("mg")));
    CHECK(seven.in_ring(Corner::UpperRight, *go::point_from_sgf("lc")));
    // Under the 7x7 zone, the approach at lc shuts the corner off by Dyer's ring.
    CHECK(track(Corner::UpperRight, "B[pd] W[lc] B[qf]", "ring", seven).moves() ==
          moves_of("B[pd]"));
}

TEST_CASE("contested ends the line of a lone stone the other side leaves", "[trackers][cutoff]") {
    // White plays elsewhere (dd, the upper left) and Black encloses the corner at qf: under
    // contested the corner's line is the lone stone, the enclosure is the whole board's choice.
    const std::string_view left = "B[pd] W[dd] B[qf] W[nc]";
    CHECK(track(Corner::UpperRight, left, "locality").moves() == moves_of("B[pd] W[] B[qf] W[nc]"));
    const CornerTracker contested = track(Corner::UpperRight, left, "contested");
    CHECK(contested.moves() == moves_of("B[pd]"));
    CHECK(contested.end() == SequenceEnd::LongTenuki);
    // A far approach is a tenuki under both local rules, so it leaves the stone alone too.
    CHECK(track(Corner::UpperRight, "B[pd] W[ic] B[nc]", "contested").moves() == moves_of("B[pd]"));
    // Once the corner is contested, a tenuki is recorded as under locality.
    const std::string_view answered = "B[pd] W[nc] B[qf] W[dd] B[pb]";
    CHECK(track(Corner::UpperRight, answered, "contested").moves() ==
          moves_of("B[pd] W[nc] B[qf] W[] B[pb]"));
    CHECK(track(Corner::UpperRight, answered, "contested").moves() ==
          track(Corner::UpperRight, answered, "locality").moves());
}

TEST_CASE("a local rule ends the line when a stone left out of it helps capture the corner",
          "[trackers][cutoff]") {
    // W kc, 5 lines from the lone pd, is play elsewhere for the corner; it takes a liberty of
    // Black's lc, so W ld captures lc on the game's board, not on the line's.
    const std::string_view game =
        "B[pd] W[kc] B[dp] W[qf] B[lc] W[mc] B[dd] W[lb] B[pp] W[ld] B[dj] W[lc]";
    for (std::string_view rule : {"locality", "spill", "contact", "contested"}) {
        INFO(rule);
        const CornerTracker local = track(Corner::UpperRight, game, rule);
        CHECK(local.moves() == moves_of("B[pd] W[qf] B[lc] W[mc] B[] W[lb]"));
        CHECK(local.end() == SequenceEnd::DecidedOutside);
    }
    // Dyer's rule has kc in the line: the capture happens on the line too.
    const CornerTracker ring = track(Corner::UpperRight, game, "ring");
    CHECK(ring.moves().back() == moves_of("W[lc]").front());
    CHECK(ring.end() == SequenceEnd::GameEnd);
    CHECK(name(SequenceEnd::DecidedOutside) == "decided-outside");
}
