#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string_view>
#include <utility>

#include "tests/support/move_lines.hpp"
#include "trackers/opening.hpp"

using namespace josekic;
using namespace josekic::trackers;

namespace {

// Alternating moves from SGF points, Black first; "" is a pass.
using josekic::test_support::line;

std::vector<go::Move> image(go::Symmetry s, const std::vector<go::Move>& moves) {
    std::vector<go::Move> out;
    for (const go::Move& m : moves) out.push_back(go::apply(s, m));
    return out;
}

// The first 20 moves of three real games: two from the Fox pro-vs-pro collection (2013),
// one from a 1941 Honinbo league game in the Debian goban collection.
const std::vector<go::Move> kFox1 =
    line({"dq", "pd", "cd", "pp", "nc", "qf", "fc", "do", "dl", "gp",
          "eo", "en", "fo", "dp", "fq", "cq", "eq", "fn", "go", "cr"});
const std::vector<go::Move> kFox3 =
    line({"dp", "pd", "pq", "qo", "pl", "jq", "qp", "gq", "cn", "dd",
          "po", "qf", "fc", "hc", "cf", "fd", "cc", "dc", "cd", "de"});
const std::vector<go::Move> kHoninbo1941 =
    line({"pd", "dp", "pp", "fd", "pj", "nq", "pn", "jp", "cd", "cc",
          "dc", "dd", "db", "de", "bc", "ce", "bd", "dj", "cq", "dq"});

bool in_upper_right_upper_half(go::Point p) {
    return p.x >= 9 && p.y <= go::kLastLine - p.x;
}

game::GameRecord record_of(std::vector<go::Move> moves) {
    game::GameRecord record;
    record.moves = std::move(moves);
    return record;
}

}  // namespace

TEST_CASE("the 8 images of real openings give one canonical path", "[fuseki]") {
    for (const auto* opening : {&kFox1, &kFox3, &kHoninbo1941}) {
        const auto canonical = canonical_line(*opening);
        REQUIRE(canonical.size() == opening->size());
        CHECK(in_upper_right_upper_half(*canonical.front().point));
        std::set<std::vector<int>> distinct_inputs;
        for (go::Symmetry s : go::kAllSymmetries) {
            const auto variant = image(s, *opening);
            std::vector<int> key;
            for (const auto& m : variant) key.push_back(m.point->index());
            distinct_inputs.insert(key);
            CHECK(canonical_line(variant) == canonical);
        }
        CHECK(distinct_inputs.size() == 8);  // the test really feeds 8 different games
        // The canonical line is an image of the game under one symmetry, and colours stay.
        SymmetryNormaliser normaliser;
        for (const auto& m : *opening) normaliser.place(m);
        CHECK(image(normaliser.transform(), *opening) == canonical);
    }
}

TEST_CASE("the canonical form of a prefix is the prefix of the canonical form", "[fuseki]") {
    const auto canonical = canonical_line(kFox3);
    for (std::size_t n = 0; n <= kFox3.size(); ++n) {
        const auto prefix = canonical_line(std::span(kFox3).first(n));
        CHECK(std::equal(prefix.begin(), prefix.end(), canonical.begin()));
    }
}

TEST_CASE("real openings land where a Go player expects", "[fuseki]") {
    // Fox game 1 starts B dq (lower-left 3-4): its canonical first stone is the upper-right
    // 3-4 nearer the top edge, pc.
    const auto fox1 = canonical_line(kFox1);
    CHECK(go::to_sgf(*fox1[0].point) == "pc");
    CHECK(fox1[0].color == go::Color::Black);
    const auto honinbo = canonical_line(kHoninbo1941);
    CHECK(go::to_sgf(*honinbo[0].point) == "pd");  // 4-4 is on the diagonal: its own image
    // pd fixes the anti-diagonal reflection; W dp is on that diagonal too, so the choice
    // is still open; B pp then goes to the first quadrant the order prefers (upper-left).
    CHECK(go::to_sgf(*honinbo[1].point) == "dp");
    CHECK(go::to_sgf(*honinbo[2].point) == "dd");
}

TEST_CASE("tengen and symmetric replies keep a larger stabiliser, consistently", "[fuseki]") {
    // Black tengen, White 4-4, Black the opposite 4-4, White a third 4-4, Black mirrors.
    const auto opening = line({"jj", "dd", "pp", "dp", "pd", "qf"});
    std::vector<std::size_t> stabiliser_sizes;
    SymmetryNormaliser normaliser;
    std::vector<go::Move> placed;
    for (const auto& m : opening) {
        placed.push_back(normaliser.place(m));
        stabiliser_sizes.push_back(normaliser.candidates().size());
    }
    // all 8 fix tengen; a 4-4 keeps the reflection in its diagonal; the opposite 4-4 lies
    // on the same diagonal; a third 4-4 breaks the last symmetry.
    CHECK(stabiliser_sizes == std::vector<std::size_t>{8, 2, 2, 1, 1, 1});
    CHECK(placed == line({"jj", "pd", "dp", "dd", "pp", "nq"}));
    for (go::Symmetry s : go::kAllSymmetries) CHECK(canonical_line(image(s, opening)) == placed);
}

TEST_CASE("a line on the centre column defers the left-right choice move after move", "[fuseki]") {
    // Every stone on the centre column (x = 9) until the fifth, which decides the side.
    const auto opening = line({"jd", "jp", "jj", "jc", "jq", "cd", "pq"});
    std::vector<std::size_t> sizes;
    SymmetryNormaliser normaliser;
    std::vector<go::Move> placed;
    for (const auto& m : opening) {
        placed.push_back(normaliser.place(m));
        sizes.push_back(normaliser.candidates().size());
    }
    CHECK(sizes == std::vector<std::size_t>{2, 2, 2, 2, 2, 1, 1});
    CHECK(go::to_sgf(*placed[5].point) == "qd");  // the upper-right image of cd
    CHECK(go::to_sgf(*placed[6].point) == "dq");  // pq follows the same mirror
    for (go::Symmetry s : go::kAllSymmetries) CHECK(canonical_line(image(s, opening)) == placed);
}

TEST_CASE("passes are kept and colours are never swapped", "[fuseki]") {
    const auto opening = line({"dd", "", "pp", "dp"});
    const auto canonical = canonical_line(opening);
    REQUIRE(canonical.size() == 4);
    CHECK(canonical[1].is_pass());
    CHECK(canonical[1].color == go::Color::White);
    CHECK(canonical[0] == go::Move::at(go::Color::Black, *go::point_from_sgf("pd")));
    CHECK(canonical[2].color == go::Color::Black);
}

TEST_CASE("openings are classified for the fuseki trees", "[fuseki]") {
    CHECK(classify_opening(record_of(line({"pd", "dd"}))) == OpeningClass::Even);
    CHECK(classify_opening(record_of({})) == OpeningClass::Even);
    CHECK(classify_opening(record_of(line({"pd", "dd"}, go::Color::White))) ==
          OpeningClass::WhiteFirst);

    auto handicap = record_of(line({"pd"}, go::Color::White));
    handicap.info.handicap = 2;
    handicap.setup_black = {*go::point_from_sgf("dp"), *go::point_from_sgf("pd")};
    CHECK(classify_opening(handicap) == OpeningClass::Handicap);

    auto one = record_of(line({"pd"}));
    one.info.handicap = 1;  // no stone given: even
    CHECK(classify_opening(one) == OpeningClass::Even);

    auto setup = record_of(line({"pd"}));
    setup.setup_white = {*go::point_from_sgf("jj")};
    CHECK(classify_opening(setup) == OpeningClass::SetupStones);

    CHECK(fuseki_tree_of(OpeningClass::Even) == FusekiTree::Even);
    CHECK(fuseki_tree_of(OpeningClass::Handicap) == FusekiTree::Handicap);
    CHECK(fuseki_tree_of(OpeningClass::SetupStones) == FusekiTree::Handicap);
    CHECK(fuseki_tree_of(OpeningClass::WhiteFirst) == FusekiTree::Handicap);
}

TEST_CASE("handicap stones fix the frame before the moves", "[fuseki]") {
    // Two-stone handicap on either diagonal, then the same White approach in image.
    game::GameRecord a;
    a.info.handicap = 2;
    a.setup_black = {*go::point_from_sgf("pd"), *go::point_from_sgf("dp")};
    a.moves = line({"qn", "pp"}, go::Color::White);
    std::vector<CanonicalOpening> openings;
    for (go::Symmetry s : go::kAllSymmetries) {
        game::GameRecord b = a;
        for (auto& p : b.setup_black) p = go::apply(s, p);
        b.moves = image(s, a.moves);
        openings.push_back(normalise_opening(b, b.moves.size()));
    }
    for (const auto& o : openings) {
        CHECK(o.opening_class == OpeningClass::Handicap);
        CHECK(o.setup_black == openings[0].setup_black);
        CHECK(o.moves == openings[0].moves);
    }
    REQUIRE(openings[0].setup_black.size() == 2);
    CHECK(go::to_sgf(openings[0].setup_black[0]) == "pd");
    CHECK(openings[0].moves[0].color == go::Color::White);
}

TEST_CASE("canonical_opening stops at the cap and at the first illegal move", "[fuseki]") {
    const auto record = record_of(kFox1);
    CHECK(canonical_opening(record, record.moves.size(), 30).size() == 20);
    CHECK(canonical_opening(record, record.moves.size(), 5).size() == 5);
    CHECK(canonical_opening(record, 3, 30).size() == 3);
    CHECK(canonical_opening(record, record.moves.size(), 0).empty());
    CHECK(canonical_opening(record, record.moves.size(), 30) == canonical_line(kFox1));
}

TEST_CASE("the canonical opening is the smallest of the 8 images, on random lines", "[fuseki]") {
    // The brute-force meaning of SymmetryNormaliser: map the whole line by each symmetry and
    // keep the image whose sequence of canonical_rank values is smallest (a pass ranks -1
    // in every image, so it never decides). Lines near the centre and on the axes keep
    // several candidates for many moves; random lines elsewhere settle on one quickly.
    std::mt19937 rng(7);  // fixed seed: the same lines every run
    std::uniform_int_distribution<int> centre_line(6, 12);
    std::uniform_int_distribution<int> any_line(0, go::kLastLine);
    std::uniform_int_distribution<int> percent(0, 99);
    for (int round = 0; round < 2000; ++round) {
        std::vector<go::Move> moves;
        const int length = 1 + round % 40;
        const bool central = round % 2 == 0;
        for (int i = 0; i < length; ++i) {
            const go::Color c = i % 2 == 0 ? go::Color::Black : go::Color::White;
            if (percent(rng) < 5) {
                moves.push_back(go::Move::pass(c));
                continue;
            }
            const int x = central ? centre_line(rng) : any_line(rng);
            const int y = central ? (percent(rng) < 30 ? x : centre_line(rng)) : any_line(rng);
            moves.push_back(go::Move::at(
                c, go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}));
        }
        std::vector<int> best_key;
        std::vector<go::Move> best;
        for (go::Symmetry s : go::kAllSymmetries) {
            const auto candidate = image(s, moves);
            std::vector<int> key;
            for (const go::Move& m : candidate)
                key.push_back(m.point ? canonical_rank(*m.point) : -1);
            if (best.empty() || key < best_key) {
                best_key = key;
                best = candidate;
            }
        }
        INFO("round " << round);
        CHECK(canonical_line(moves) == best);
        const auto opening = normalise_opening(record_of(moves), moves.size(), OpeningOptions{40});
        CHECK(opening.moves == best);
        CHECK(image(opening.symmetry, moves) == best);
    }
}

TEST_CASE("setup stones fix the frame of the smallest pair of sorted images, on random setups",
          "[fuseki]") {
    // The brute-force meaning of place_setup: for each symmetry, the sorted ranks of the
    // images of the black stones, then of the white ones; the candidates left are the
    // symmetries whose pair is smallest, in kAllSymmetries order. Half the setups are
    // drawn from the star points, whose symmetric patterns keep several candidates.
    std::mt19937 rng(11);  // fixed seed: the same setups every run
    std::uniform_int_distribution<int> any_line(0, go::kLastLine);
    std::uniform_int_distribution<int> star_line(0, 2);
    std::uniform_int_distribution<int> black_count(0, 9);
    std::uniform_int_distribution<int> white_count(0, 3);
    constexpr std::array<int, 3> kStarLines = {3, 9, 15};
    for (int round = 0; round < 3000; ++round) {
        const bool stars = round % 2 == 0;
        auto random_point = [&] {
            const int x =
                stars ? kStarLines[static_cast<std::size_t>(star_line(rng))] : any_line(rng);
            const int y =
                stars ? kStarLines[static_cast<std::size_t>(star_line(rng))] : any_line(rng);
            return go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
        };
        std::vector<go::Point> black(static_cast<std::size_t>(black_count(rng)));
        std::vector<go::Point> white(static_cast<std::size_t>(white_count(rng)));
        for (auto& p : black) p = random_point();
        for (auto& p : white) p = random_point();
        using Key = std::pair<std::vector<int>, std::vector<int>>;
        auto key_of = [&](go::Symmetry s) {
            Key key;
            for (go::Point p : black) key.first.push_back(canonical_rank(go::apply(s, p)));
            for (go::Point p : white) key.second.push_back(canonical_rank(go::apply(s, p)));
            std::sort(key.first.begin(), key.first.end());
            std::sort(key.second.begin(), key.second.end());
            return key;
        };
        Key best = key_of(go::Symmetry::Identity);
        for (go::Symmetry s : go::kAllSymmetries) best = std::min(best, key_of(s));
        std::vector<go::Symmetry> expected;
        for (go::Symmetry s : go::kAllSymmetries) {
            if (key_of(s) == best) expected.push_back(s);
        }
        SymmetryNormaliser normaliser;
        const auto setup = normaliser.place_setup(black, white);
        INFO("round " << round);
        CHECK(std::vector<go::Symmetry>(normaliser.candidates().begin(),
                                        normaliser.candidates().end()) == expected);
        std::vector<int> black_ranks;
        for (go::Point p : setup.black) black_ranks.push_back(canonical_rank(p));
        std::vector<int> white_ranks;
        for (go::Point p : setup.white) white_ranks.push_back(canonical_rank(p));
        CHECK(black_ranks == best.first);
        CHECK(white_ranks == best.second);
    }
}
