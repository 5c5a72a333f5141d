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
}  // namespace

TEST_CASE("a game has the same fingerprint in all 8 orientations", "[pipeline]") {
    game::GameRecord g = game_of({"pd", "dp", "qp", "dc", "oq", "qk", "cf"});
    g.setup_black.push_back(*go::point_from_sgf("jj"));
    const auto original = pipeline::fingerprint(g);
    for (go::Symmetry s : go::kAllSymmetries) {
        INFO(go::name(s));
        const auto image = pipeline::fingerprint(transformed(g, s));
        CHECK(image.key == original.key);
        // Both map onto the same canonical picture.
        CHECK(transformed(transformed(g, s), image.to_canonical).moves ==
              transformed(g, original.to_canonical).moves);
    }
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
