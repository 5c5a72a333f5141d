#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "core/dictionary/position_index.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::dictionary;

namespace {
using josekic::test_support::line;
PositionTracker played(const std::vector<go::Move>& moves,
                       const PositionKeyTables& tables = kDefaultPositionKeys) {
    PositionTracker t(tables);
    for (const auto& m : moves) t.play(m);
    return t;
}
// The key of the image under `s` of the tracker's position, from its stones.
go::Hash128 from_stones(const PositionTracker& t, go::Symmetry s) {
    go::Hash128 key =
        t.to_move() == go::Color::White ? kDefaultPositionKeys.white_to_move : go::Hash128{};
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        const go::Stone stone = t.board().at(p);
        if (stone == go::Stone::Empty) continue;
        key ^= kDefaultPositionKeys.key(
            stone == go::Stone::Black ? go::Color::Black : go::Color::White, go::apply(s, p));
    }
    return key;
}
// The canonical choice worked out by hand from the 8 image keys: the first symmetry (in
// kAllSymmetries order) with the smallest key, that key, and whether it is the only one.
PositionTracker::CanonicalChoice first_smallest_image(const PositionTracker& t) {
    go::Symmetry first_smallest = go::Symmetry::Identity;
    int smallest_count = 0;
    for (go::Symmetry s : go::kAllSymmetries) {
        if (t.image_key(s) < t.image_key(first_smallest)) {
            first_smallest = s;
            smallest_count = 0;
        }
        if (t.image_key(s) == t.image_key(first_smallest)) ++smallest_count;
    }
    return PositionTracker::CanonicalChoice{first_smallest, smallest_count == 1,
                                            t.image_key(first_smallest)};
}

}  // namespace

TEST_CASE("an image of a line has the image's key and the same canonical key", "[transpositions]") {
    const auto original = line({"pd", "dp", "qf", "nc", "fq", "", "qc"});
    const PositionTracker a = played(original);
    for (go::Symmetry s : go::kAllSymmetries) {
        std::vector<go::Move> mapped;
        for (const auto& m : original) mapped.push_back(go::apply(s, m));
        const PositionTracker b = played(mapped);
        CHECK(b.image_key(go::Symmetry::Identity) == a.image_key(s));
        CHECK(b.canonical_key() == a.canonical_key());
        CHECK(canonical_stones(b.board(), b.to_move()) == canonical_stones(a.board(), a.to_move()));
    }
}

TEST_CASE("the low half of the key is the board's 64-bit hash", "[transpositions]") {
    const PositionTracker t = played(line({"pd", "dd", "pp", "dp"}));
    CHECK(t.image_key(go::Symmetry::Identity).low ==
          t.board().hash());  // Black to move: no side key
}

TEST_CASE("captures are taken off the key", "[transpositions]") {
    // Black captures White's corner stone; the same stones reached without a capture.
    const PositionTracker capture = played(line({"ab", "aa", "ba"}));
    const PositionTracker quiet = played(line({"ab", "", "ba"}));
    CHECK(capture.board().to_diagram() == quiet.board().to_diagram());
    CHECK(capture.canonical_key() == quiet.canonical_key());
    CHECK(capture.image_key(go::Symmetry::Rotate90) == quiet.image_key(go::Symmetry::Rotate90));
}

TEST_CASE("the player to move is part of the position", "[transpositions]") {
    // A tenuki (pass) keeps the stones but hands over the turn.
    const PositionTracker before = played(line({"pd"}));
    const PositionTracker after_tenuki = played(line({"pd", ""}));
    CHECK(before.board().hash() == after_tenuki.board().hash());
    CHECK(before.canonical_key() != after_tenuki.canonical_key());
}

TEST_CASE("a line that is illegal on its own board is forced, not dropped", "[transpositions]") {
    // A ko in the upper right; retakes at once (the threats were played outside the corner).
    PositionTracker t;
    for (const auto& m : line({"pc", "qc", "od", "rd", "pe", "qe", "qd", ""}))
        CHECK(t.play(m) == ReplayStep::Played);
    const auto at = [](std::string_view p) { return *go::point_from_sgf(p); };
    CHECK(t.play(go::Move::at(go::Color::White, at("pd"))) ==
          ReplayStep::Played);  // takes qd: a ko
    CHECK(t.board().at(at("qd")) == go::Stone::Empty);
    CHECK(t.play(go::Move::at(go::Color::Black, at("qd"))) ==
          ReplayStep::Forced);  // retakes at once
    CHECK(t.board().at(at("qd")) == go::Stone::Black);
    CHECK(t.board().at(at("pd")) == go::Stone::Empty);
    CHECK(t.play(go::Move::at(go::Color::Black, at("qd"))) == ReplayStep::Forced);  // occupied
    CHECK(t.board().at(at("qd")) == go::Stone::Black);
    const PositionTracker same = played(line({"pc", "qc", "od", "rd", "pe", "qe", "qd"}));
    CHECK(t.canonical_key() == same.canonical_key());  // White to move, same stones
}

TEST_CASE("pinned canonical keys", "[transpositions]") {
    // These change only if the Zobrist seeds, the side-to-move key or the canonical choice
    // (smallest of the 8 images) change; a change here changes every dictionary's classes.
    CHECK(played({}).canonical_key() == go::Hash128{0, 0});
    const auto star = played(line({"pd"})).canonical_key();
    const auto star_dd = played(line({"dd"})).canonical_key();
    CHECK(star == star_dd);
    // Independently: the smallest key of a black stone on one of the four 4-4 points,
    // with White to move.
    go::Hash128 smallest{~0ULL, ~0ULL};
    for (const char* p : {"pd", "dd", "dp", "pp"}) {
        go::Hash128 k = go::zobrist_key128(go::Color::Black, *go::point_from_sgf(p));
        k ^= kDefaultPositionKeys.white_to_move;
        smallest = std::min(smallest, k);
    }
    CHECK(star == smallest);
    CHECK(star == go::Hash128{0x30F4D887BA3CCC40ULL, 0xE29D66A54B773681ULL});
    CHECK(played(line({"pd", "dd", "pp", "dp"})).canonical_key() ==
          go::Hash128{0x1084D46E9B5C011EULL, 0xECE92A033C7BC2BBULL});
}

namespace {
std::vector<std::uint16_t> form_of(const PositionTracker& t) {
    std::vector<std::uint16_t> out;
    append_canonical_form(t.board(), t.to_move(), out);
    return out;
}
}  // namespace

TEST_CASE("canonical forms are equal exactly for positions equal up to symmetry",
          "[transpositions]") {
    const auto original = line({"pd", "dp", "qf", "nc", "fq", "", "qc"});
    const auto form = form_of(played(original));
    for (go::Symmetry s : go::kAllSymmetries) {
        std::vector<go::Move> mapped;
        for (const auto& m : original) mapped.push_back(go::apply(s, m));
        CHECK(form_of(played(mapped)) == form);
    }
    CHECK(form_of(played(line({"pd", "dp", "qf", "nc", "fq", "", "qd"}))) !=
          form);  // one stone elsewhere
    CHECK(form_of(played(line({"pd", "dp", "qf", "nc", "fq", "qc"}))) !=
          form);                                                  // other player to move
    CHECK(form_of(played({})) == std::vector<std::uint16_t>{0});  // empty board, Black to move

    // Without a board: the stones of a line that captured nothing are its moves.
    std::vector<std::uint16_t> stones;
    for (const auto& m : original) {
        if (m.point)
            stones.push_back(
                static_cast<std::uint16_t>(m.point->index() * 2 + (m.color == go::Color::White)));
    }
    std::reverse(stones.begin(), stones.end());  // any order
    std::vector<std::uint16_t> from_moves;
    append_canonical_form(stones, go::Color::White, from_moves);
    CHECK(from_moves == form);
}

TEST_CASE("a tracker without key updates has the same stones", "[transpositions]") {
    const auto moves = line({"ab", "aa", "ba", "pd", "", "qc"});
    PositionTracker keyed;
    PositionTracker stones_only(kDefaultPositionKeys, KeyUpdates::Off);
    for (const auto& m : moves) CHECK(stones_only.play(m) == keyed.play(m));
    CHECK(stones_only.board().to_diagram() == keyed.board().to_diagram());
    CHECK(stones_only.to_move() == keyed.to_move());
    CHECK(form_of(stones_only) == form_of(keyed));
}

TEST_CASE("the canonical choice says whether one symmetry alone gives the canonical key",
          "[transpositions]") {
    for (const auto& moves :
         {line({"pd", "dp", "qf", "nc"}), line({"pd"}), line({"jj"}), std::vector<go::Move>{}}) {
        const PositionTracker t = played(moves);
        const PositionTracker::CanonicalChoice choice = t.canonical_choice();
        CHECK(choice.symmetry == t.canonical_symmetry());
        CHECK(t.image_key(choice.symmetry) == t.canonical_key());
        std::size_t attaining = 0;
        for (go::Symmetry s : go::kAllSymmetries)
            attaining += t.image_key(s) == t.canonical_key() ? 1 : 0;
        CHECK(choice.unique == (attaining == 1));
    }
    CHECK(played(line({"pd", "dp", "qf", "nc"})).canonical_choice().unique);
    CHECK_FALSE(played(line({"pd"})).canonical_choice().unique);  // its own mirror in the diagonal
    CHECK_FALSE(played({}).canonical_choice().unique);
    // Forged tables: every image has key 0, so no symmetry is the only one.
    static const go::detail::ZobristTable zero{};
    PositionKeyTables tables;
    tables.low = &zero;
    tables.high = &zero;
    CHECK_FALSE(played(line({"pd", "dp", "qf"}), tables).canonical_choice().unique);
    // Forged high halves: all 8 images tie there, the low halves decide (the general way).
    PositionKeyTables low_only;
    low_only.high = &zero;
    for (const auto& moves :
         {line({"pd", "dp", "qf", "nc"}), line({"pd"}), line({"pd", "", "qc"})}) {
        const PositionTracker t = played(moves, low_only);
        const PositionTracker::CanonicalChoice expected = first_smallest_image(t);
        const PositionTracker::CanonicalChoice choice = t.canonical_choice();
        CHECK(choice.symmetry == expected.symmetry);
        CHECK(choice.key == expected.key);
        CHECK(choice.unique == expected.unique);
    }
}

namespace {
std::vector<std::uint16_t> image_form_of(const PositionTracker& t) {
    std::vector<std::uint16_t> out;
    append_image_form(t.board(), t.canonical_symmetry(), t.to_move(), out);
    return out;
}
}  // namespace

TEST_CASE("image forms under the canonical symmetry are equal exactly for equal positions",
          "[transpositions]") {
    const auto original = line({"pd", "dp", "qf", "nc", "fq", "", "qc"});
    const PositionTracker base = played(original);
    REQUIRE(base.canonical_choice().unique);
    const auto form = image_form_of(base);
    CHECK(form.front() == 3);  // White to move, kept apart from append_canonical_form's 0 and 1
    CHECK(form != form_of(base));
    for (go::Symmetry s : go::kAllSymmetries) {
        std::vector<go::Move> mapped;
        for (const auto& m : original) mapped.push_back(go::apply(s, m));
        CHECK(image_form_of(played(mapped)) == form);
    }
    CHECK(image_form_of(played(line({"pd", "dp", "qf", "nc", "fq", "", "qd"}))) != form);
    CHECK(image_form_of(played(line({"pd", "dp", "qf", "nc", "fq", "qc"}))) != form);

    // From the moves, without a board, in any order.
    std::vector<std::uint16_t> stones;
    for (const auto& m : original) {
        if (m.point)
            stones.push_back(
                static_cast<std::uint16_t>(m.point->index() * 2 + (m.color == go::Color::White)));
    }
    std::reverse(stones.begin(), stones.end());
    std::vector<std::uint16_t> from_moves;
    append_image_form(stones, base.canonical_symmetry(), go::Color::White, from_moves);
    CHECK(from_moves == form);
}

TEST_CASE("an image form is the mapped stones sorted, for any set of stones", "[transpositions]") {
    // Random sets of distinct stones (a few up to a crowded board), in random order, under
    // every symmetry: the form is the player's value and then the images sorted by
    // std::sort, as the form was first defined.
    std::uint32_t state = 2024;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (int round = 0; round < 200; ++round) {
        std::vector<std::uint16_t> stones;
        std::array<bool, go::kNumPoints> taken{};
        const std::size_t wanted = round < 100 ? next() % 12 : next() % go::kNumPoints;
        while (stones.size() < wanted) {
            const std::size_t point = next() % go::kNumPoints;
            if (taken[point]) continue;
            taken[point] = true;
            stones.push_back(static_cast<std::uint16_t>(point * 2 + next() % 2));
        }
        for (go::Symmetry s : go::kAllSymmetries) {
            std::vector<std::uint16_t> expected{static_cast<std::uint16_t>(round % 2 == 0 ? 2 : 3)};
            for (std::uint16_t stone : stones) {
                const auto image = go::apply(s, go::Point::from_index(stone / 2));
                expected.push_back(static_cast<std::uint16_t>(image.index() * 2 + stone % 2));
            }
            std::sort(expected.begin() + 1, expected.end());
            std::vector<std::uint16_t> form{7};  // appended after what is there
            append_image_form(stones, s, round % 2 == 0 ? go::Color::Black : go::Color::White,
                              form);
            REQUIRE(form.size() == expected.size() + 1);
            CHECK(std::equal(expected.begin(), expected.end(), form.begin() + 1));
            CHECK(form.front() == 7);
        }
    }
}

TEST_CASE("image keys after captures equal keys computed from the stones", "[transpositions]") {
    // Random moves crowded into a corner, so that many capture, several groups at a time or
    // along the edge; after every move each image key must be the XOR of its stones' keys.
    PositionTracker t;
    std::uint32_t state = 12345;
    int captures = 0;
    int multi_stone_captures = 0;
    for (int n = 0; n < 4000; ++n) {
        state = state * 1664525u + 1013904223u;
        const auto x = static_cast<std::uint8_t>((state >> 8) % 6);
        const auto y = static_cast<std::uint8_t>((state >> 16) % 6);
        const go::Color c = n % 2 == 0 ? go::Color::Black : go::Color::White;
        const ReplayStep step = t.play(go::Move::at(c, go::Point{x, y}));
        if (step == ReplayStep::Played && t.board().last_captures() > 0) ++captures;
        if (step == ReplayStep::Played && t.board().last_captures() > 1) ++multi_stone_captures;
        for (go::Symmetry s : go::kAllSymmetries) REQUIRE(t.image_key(s) == from_stones(t, s));
        const PositionTracker::CanonicalChoice expected = first_smallest_image(t);
        const PositionTracker::CanonicalChoice choice = t.canonical_choice();
        REQUIRE(choice.symmetry == expected.symmetry);
        REQUIRE(choice.key == expected.key);
        REQUIRE(choice.unique == expected.unique);
    }
    CHECK(captures > 50);
    CHECK(multi_stone_captures > 10);
}

TEST_CASE("a capture beside the mover's own eye still takes off exactly the captured stones",
          "[transpositions]") {
    // Black's last move at ba takes White's ca and closes an eye at aa: both are empty
    // points beside ba that touch only Black, and only ca's stone may leave the keys.
    PositionTracker t;
    for (const auto& m : line({"ab", "ca", "da", "", "cb", "", "ba"}))
        REQUIRE(t.play(m) == ReplayStep::Played);
    REQUIRE(t.board().last_captures() == 1);
    REQUIRE(t.board().at(*go::point_from_sgf("aa")) == go::Stone::Empty);
    REQUIRE(t.board().at(*go::point_from_sgf("ca")) == go::Stone::Empty);
    for (go::Symmetry s : go::kAllSymmetries) CHECK(t.image_key(s) == from_stones(t, s));
}
