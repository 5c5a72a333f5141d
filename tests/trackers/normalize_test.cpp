#include <catch2/catch.hpp>

#include <memory>

#include "core/dictionary/trie.hpp"
#include "tests/support/corner_sequences.hpp"
#include "tests/trackers/tracker_test_games.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/normalize.hpp"

using namespace josekic;
using namespace josekic::trackers;
using josekic::test_support::extract_corner_sequences;
using josekic::trackers::testing::game_of;
using josekic::trackers::testing::moves_of;

namespace {
// A game from a canonical upper-right sequence: every point through `s`, colours swapped
// if asked. A tenuki in the canonical line is a pass in the game.
game::GameRecord transformed_game(std::string_view canonical, go::Symmetry s, ColourOrder colours) {
    game::GameRecord record = game_of(canonical);
    for (go::Move& m : record.moves) {
        m = go::apply(s, m);
        if (colours == ColourOrder::Swapped) m.color = go::opponent(m.color);
    }
    return record;
}
}  // namespace

TEST_CASE("one sequence in 4 corners x 2 reflections x 2 colour orders lands on one path",
          "[trackers]") {
    // 3-4 point, one-space low approach... with a tenuki by White (a pass in the game) and
    // Black's second move in the corner after it.
    const std::string_view canonical = "B[pc] W[nc] B[pe] W[] B[qc] W[qb]";
    const auto expected = moves_of(canonical);
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    int variants = 0;
    for (Corner corner : kAllCorners) {
        for (go::Symmetry reflection : {go::Symmetry::Identity, go::Symmetry::AntiTranspose}) {
            for (ColourOrder colours : {ColourOrder::AsPlayed, ColourOrder::Swapped}) {
                const go::Symmetry s = go::then(reflection, rotation_from_upper_right(corner));
                const auto record = transformed_game(canonical, s, colours);
                const auto sequences =
                    extract_corner_sequences(Zone::default_zone(), {}, record, record.moves.size());
                INFO(name(corner) << " " << name(reflection) << " swapped "
                                  << (colours == ColourOrder::Swapped));
                REQUIRE(sequences.size() == 1);
                const CornerSequence& seq = sequences.front();
                CHECK(seq.corner == corner);
                CHECK(seq.colours == colours);
                CHECK(seq.moves == expected);
                CHECK(seq.tenukis == 1);
                CHECK(seq.end == SequenceEnd::GameEnd);
                // the reported symmetry maps the game's points onto the canonical ones
                CHECK(go::apply(seq.symmetry, *record.moves.front().point) ==
                      *expected.front().point);
                trie.insert(seq.moves, line_outcome(game::Winner::Black, seq.colours), 2000,
                            std::nullopt);
                ++variants;
            }
        }
    }
    CHECK(variants == 16);
    CHECK(trie.size() == expected.size() + 1);  // one path
    dictionary::NodeId node = dictionary::kRoot;
    for (const go::Move& m : expected) {
        node = trie.find_child(node, m);
        REQUIRE(node != dictionary::kNoNode);
        CHECK(trie.node(node).stats.count == 16);
    }
    CHECK(trie.node(node).stats.ends == 16);
    // Black won every game: the corner's first player won in the 8 games Black started
    CHECK(trie.node(node).stats.first_player_wins == 8);
    CHECK(trie.node(node).stats.second_player_wins == 8);
}

TEST_CASE("a diagonal opening waits for the first stone off the diagonal to choose the half",
          "[trackers]") {
    // upper-left 4-4, approaches on either side: both must give the canonical approach nc
    const auto expected = moves_of("B[pd] W[nc]");
    CHECK(normalize_corner_sequence(Corner::UpperLeft, moves_of("B[dd] W[fc]")).moves == expected);
    CHECK(normalize_corner_sequence(Corner::UpperLeft, moves_of("B[dd] W[cf]")).moves == expected);
    // 4-4, 3-3 invasion (both diagonal), then the first block decides
    const auto invasion = moves_of("B[pd] W[qc] B[pc]");
    CHECK(normalize_corner_sequence(Corner::UpperLeft, moves_of("B[dd] W[cc] B[dc]")).moves ==
          invasion);
    CHECK(normalize_corner_sequence(Corner::UpperLeft, moves_of("B[dd] W[cc] B[cd]")).moves ==
          invasion);
    CHECK(normalize_corner_sequence(Corner::LowerRight, moves_of("B[pp] W[qq] B[qp]")).moves ==
          invasion);
    CHECK(normalize_corner_sequence(Corner::LowerRight, moves_of("B[pp] W[qq] B[pq]")).moves ==
          invasion);
    // a diagonal stone is unmoved by the reflection: the 4-4 stays pd either way
    const auto flipped = normalize_corner_sequence(Corner::UpperRight, moves_of("W[pd] B[qf]"));
    CHECK(flipped.moves == moves_of("B[pd] W[nc]"));
    CHECK(flipped.symmetry == go::Symmetry::AntiTranspose);
    CHECK(flipped.colours == ColourOrder::Swapped);
    // only diagonal stones: no reflection at all
    const auto diagonal = normalize_corner_sequence(Corner::LowerLeft, moves_of("B[dp] W[cq]"));
    CHECK(diagonal.moves == moves_of("B[pd] W[qc]"));
    CHECK(diagonal.symmetry == go::Symmetry::Rotate180);
}

TEST_CASE("normalising in place gives what the copying form gives, in the same buffer",
          "[trackers]") {
    for (Corner corner : kAllCorners) {
        for (const char* line : {"B[dd] W[fc] B[] W[cf]", "W[dd] B[cc] W[dc]", "B[pp] W[qq] B[pq]",
                                 "W[jc]", "B[cq] W[dp] B[] W[qd]"}) {
            const auto played = moves_of(line);
            const NormalizedSequence copied = normalize_corner_sequence(corner, played);
            std::vector<go::Move> buffer = played;
            const go::Move* data = buffer.data();
            const NormalizedSequence in_place =
                normalize_corner_sequence(corner, std::move(buffer));
            INFO(name(corner) << " " << line);
            CHECK(in_place.moves == copied.moves);
            CHECK(in_place.symmetry == copied.symmetry);
            CHECK(in_place.colours == copied.colours);
            CHECK(in_place.moves.data() == data);
        }
    }
}

TEST_CASE("the line outcome follows the colour swap", "[trackers]") {
    using dictionary::LineOutcome;
    CHECK(line_outcome(game::Winner::Black, ColourOrder::AsPlayed) == LineOutcome::FirstPlayerWon);
    CHECK(line_outcome(game::Winner::Black, ColourOrder::Swapped) == LineOutcome::SecondPlayerWon);
    CHECK(line_outcome(game::Winner::White, ColourOrder::AsPlayed) == LineOutcome::SecondPlayerWon);
    CHECK(line_outcome(game::Winner::White, ColourOrder::Swapped) == LineOutcome::FirstPlayerWon);
    CHECK(line_outcome(game::Winner::Draw, ColourOrder::Swapped) == LineOutcome::Draw);
    CHECK(line_outcome(game::Winner::Unknown, ColourOrder::AsPlayed) == LineOutcome::Unknown);
}
