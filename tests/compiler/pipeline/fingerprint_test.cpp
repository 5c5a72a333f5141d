#include <catch2/catch.hpp>

#include "compiler/pipeline/fingerprint.hpp"

using namespace josekic;

namespace {
game::GameRecord game_of(std::initializer_list<const char*> points) {
    game::GameRecord g;
    go::Color c = go::Color::Black;
    for (const char* p : points) {
        g.moves.push_back(go::Move::at(c, *go::point_from_sgf(p)));
        c = go::opponent(c);
    }
    return g;
}

game::GameRecord transformed(const game::GameRecord& g, go::Symmetry s) {
    game::GameRecord out = g;
    for (go::Move& m : out.moves) m = go::apply(s, m);
    for (go::Point& p : out.setup_black) p = go::apply(s, p);
    return out;
}

/// Whether check_every_orientation() also checks that the fingerprints name the transform
/// between a game and its image, which only a game that no symmetry maps onto itself has.
enum class Relation { Unique, Ambiguous };

// Every image of `g` has g's key and maps onto the same canonical picture.
void check_every_orientation(const game::GameRecord& g, Relation relation = Relation::Unique) {
    const auto original = pipeline::fingerprint(g);
    for (go::Symmetry s : go::kAllSymmetries) {
        INFO(go::name(s));
        const auto image = pipeline::fingerprint(transformed(g, s));
        CHECK(image.key == original.key);
        CHECK(transformed(transformed(g, s), image.to_canonical).moves ==
              transformed(g, original.to_canonical).moves);
        if (relation == Relation::Unique) {
            CHECK(go::then(original.to_canonical, go::inverse(image.to_canonical)) == s);
        }
    }
}
}  // namespace

TEST_CASE("a game has the same fingerprint in all 8 orientations", "[pipeline]") {
    game::GameRecord g = game_of({"pd", "dp", "qp", "dc", "oq", "qk", "cf"});
    g.setup_black.push_back(*go::point_from_sgf("jj"));
    check_every_orientation(g);
}

TEST_CASE("different games, orders and lengths have different fingerprints", "[pipeline]") {
    const auto base = pipeline::fingerprint(game_of({"pd", "dp", "qp", "dc"}));
    CHECK(pipeline::fingerprint(game_of({"pd", "dp", "qp", "dd"})).key != base.key);
    CHECK(pipeline::fingerprint(game_of({"qp", "dp", "pd", "dc"})).key != base.key);
    CHECK(pipeline::fingerprint(game_of({"pd", "dp", "qp"})).key != base.key);
    game::GameRecord with_pass = game_of({"pd", "dp", "qp", "dc"});
    with_pass.moves.push_back(go::Move::pass(go::Color::Black));
    CHECK(pipeline::fingerprint(with_pass).key != base.key);
    game::GameRecord with_setup = game_of({"pd", "dp", "qp", "dc"});
    with_setup.setup_black.push_back(*go::point_from_sgf("dd"));
    CHECK(pipeline::fingerprint(with_setup).key != base.key);
}

TEST_CASE("headers do not change the fingerprint", "[pipeline]") {
    game::GameRecord a = game_of({"pd", "dp"});
    game::GameRecord b = a;
    b.info.black_player = "Someone else";
    b.source_path = "other.sgf";
    CHECK(pipeline::fingerprint(a).key == pipeline::fingerprint(b).key);
}

TEST_CASE("the symmetry between a game and its image is recovered from the fingerprints",
          "[pipeline]") {
    // What the duplicate report names: the first game taken to the canonical image and back
    // out to the second game's frame is the transform that made the second from the first.
    check_every_orientation(game_of({"qd", "dp", "pq", "dc", "oc", "qk"}));
}

TEST_CASE("a game that a symmetry maps onto itself keys the same in every orientation",
          "[pipeline]") {
    // Every stone on the diagonal x == y, passes between: Transpose leaves the line as it is,
    // so no single image is the smallest.
    game::GameRecord g = game_of({"dd", "pp", "cc", "qq", "jj"});
    g.moves.insert(g.moves.begin() + 2, go::Move::pass(go::Color::Black));
    check_every_orientation(g, Relation::Ambiguous);
    // Tengen alone is fixed by all 8 symmetries: the first one (Identity) is canonical.
    CHECK(pipeline::fingerprint(game_of({"jj"})).to_canonical == go::Symmetry::Identity);
    CHECK(pipeline::fingerprint(game_of({"jj"})).key !=
          pipeline::fingerprint(game_of({"jj", "jj"})).key);
}

TEST_CASE("games told apart only late, and games with setup, key the same in every orientation",
          "[pipeline]") {
    // The first stones are on the diagonal; the fifth decides the canonical image.
    const game::GameRecord late = game_of({"dd", "pp", "jj", "cc", "qd", "dq"});
    game::GameRecord setup = game_of({"pd", "dp", "qp"});
    setup.setup_black.push_back(*go::point_from_sgf("dd"));
    setup.setup_black.push_back(*go::point_from_sgf("pp"));
    check_every_orientation(late);
    check_every_orientation(setup);
    // Four handicap stones look the same in every image: the moves decide.
    game::GameRecord handicap = game_of({"qc", "cp", "pq"});
    for (const char* p : {"dd", "pd", "dp", "pp"})
        handicap.setup_black.push_back(*go::point_from_sgf(p));
    handicap.moves.front().color = go::Color::White;
    check_every_orientation(handicap);
    // A lone setup stone off every axis decides alone, even for a line of passes only.
    game::GameRecord lone = game_of({});
    lone.setup_black.push_back(*go::point_from_sgf("qd"));
    lone.moves.push_back(go::Move::pass(go::Color::White));
    check_every_orientation(lone);
}

TEST_CASE("colours count: the same points with colours swapped are another game", "[pipeline]") {
    const game::GameRecord g = game_of({"pd", "dp", "qp", "dc"});
    game::GameRecord swapped = g;
    for (go::Move& m : swapped.moves) m.color = go::opponent(m.color);
    CHECK(pipeline::fingerprint(swapped).key != pipeline::fingerprint(g).key);
    // An image differing in one late move is another game too.
    CHECK(pipeline::fingerprint(game_of({"pd", "dp", "qp", "dc", "qj"})).key !=
          pipeline::fingerprint(game_of({"pd", "dp", "qp", "dc", "qk"})).key);
}
