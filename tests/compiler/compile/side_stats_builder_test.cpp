#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "compiler/compile/side_stats_builder.hpp"
#include "compiler/compile/trends.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::dictionary;
using test_support::line;

namespace {

// A trie with its line log, as DictionaryBuilder keeps them.
struct Collection {
    std::shared_ptr<GameTable> games = std::make_shared<GameTable>();
    Trie trie{games};
    index::LineLog lines;

    void add(const std::vector<go::Move>& moves, const std::string& black, const std::string& white,
             int year, bool swapped = false) {
        GameReference ref;
        ref.black_player = black;
        ref.white_player = white;
        ref.year = year;
        const std::string path = "game" + std::to_string(games->size()) + ".sgf";
        ref.source_path = SourcePath::split(path);
        const GameId id = games->add(ref);
        const NodeId end = trie.insert(moves, LineOutcome::Unknown, year, id);
        lines.push_back(index::IndexedLine{end, id, LineOutcome::Unknown, swapped, 0, 1});
    }
    NodeId at(const std::vector<go::Move>& moves) const {
        NodeId node = kRoot;
        for (const go::Move& m : moves) node = trie.find_child(node, m);
        return node;
    }
};

}  // namespace

TEST_CASE("distinct players count who played the node's move, whatever the colour swap",
          "[side-stats]") {
    //   root
    //    pd (B)   Ann x3 as Black, Bob as Black, Ann as White swapped (so Ann moved first),
    //    |        and a game without names
    //    qc (W)   Cid x3, Dan, Bob (swapped: Bob was Black in the game, so plays W here)
    Collection c;
    c.add(line({"pd", "qc"}), "Ann", "Cid", 2015);
    c.add(line({"pd", "qc"}), "Ann", "Cid", 2015);
    c.add(line({"pd", "qc"}), "Ann", "Cid", 2018);
    c.add(line({"pd", "qc"}), "Bob", "Dan", 2018);
    c.add(line({"pd", "qc"}), "Bob", "Ann", 2018, /*swapped=*/true);
    c.add(line({"pd", "nc"}), "", "", 2019);
    const SideStats side = compile::compute_side_stats(c.trie, c.lines, Eras({2017}));
    const NodeId pd = c.at(line({"pd"}));
    const NodeId qc = c.at(line({"pd", "qc"}));
    const NodeId nc = c.at(line({"pd", "nc"}));
    // pd: Ann, Bob and the nameless player.
    CHECK(side.of(c.trie, pd).players == 3);
    // qc: Cid, Dan and Bob.
    CHECK(side.of(c.trie, qc).players == 3);
    // nc is a one-line node: no entry, one player.
    CHECK_FALSE(side.find(nc).has_value());
    CHECK(side.of(c.trie, nc).players == 1);
    // The counts themselves are untouched.
    CHECK(c.trie.node(pd).stats.count == 6);
}

TEST_CASE("era counts add up to the dated lines through each node", "[side-stats]") {
    Collection c;
    c.add(line({"pd", "qc"}), "a", "b", 2015);
    c.add(line({"pd", "qc"}), "a", "b", 2018);
    c.add(line({"pd", "qc", "pc"}), "a", "b", 2019);
    c.add(line({"pd", "nc"}), "a", "b", 2016);
    c.add(line({"pd", "nc"}), "a", "b", 2016);
    const SideStats side = compile::compute_side_stats(c.trie, c.lines, Eras({2017}));
    CHECK(side.of(c.trie, kRoot).per_era[0] == 3);
    CHECK(side.of(c.trie, kRoot).per_era[1] == 2);
    CHECK(side.of(c.trie, c.at(line({"pd", "qc"}))).per_era[0] == 1);
    CHECK(side.of(c.trie, c.at(line({"pd", "qc"}))).per_era[1] == 2);
    CHECK(side.of(c.trie, c.at(line({"pd", "nc"}))).per_era[0] == 2);
    CHECK(side.of(c.trie, c.at(line({"pd", "nc"}))).per_era[1] == 0);
    // A one-line node: the era of its year.
    CHECK(side.of(c.trie, c.at(line({"pd", "qc", "pc"}))).per_era[1] == 1);
}

TEST_CASE("the Trends section lists the line that rose and the line that fell",
          "[side-stats][trends]") {
    // Under the 4-4 point: before 2017 the approach nc 90 times and the 3-3 invasion qc 10
    // times; from 2017 nc 30 times and qc 70 times. A third move, qf, 5 and 5: noise.
    Collection c;
    const auto add = [&](const char* move, int times, int year) {
        for (int i = 0; i < times; ++i)
            c.add(line({"pd", move}), "p" + std::to_string(i), "q" + std::to_string(i), year);
    };
    add("nc", 90, 2010);
    add("qc", 10, 2010);
    add("qf", 5, 2010);
    add("nc", 30, 2018);
    add("qc", 70, 2018);
    add("qf", 5, 2018);
    const SideStats side = compile::compute_side_stats(c.trie, c.lines, Eras({2017}));
    const std::string text = compile::render_trends(c.trie, side, emit::DictionaryKind::Joseki,
                                                    2010, 2018, compile::TrendLimits{5, 50});
    CHECK(text ==
          "  joseki: share of the previous move, 2010-2016 against 2017-2018 (previous move "
          "reached at least 50 times in each; changes beyond noise, p < 1%)\n"
          "    rose most:\n"
          "      +57.1 points  B[pd] W[qc]\n"
          "        2010-2016 10 of 105 (9.5%), 2017-2018 70 of 105 (66.7%)\n"
          "    fell most:\n"
          "      -57.1 points  B[pd] W[nc]\n"
          "        2010-2016 90 of 105 (85.7%), 2017-2018 30 of 105 (28.6%)\n");
    // Below the minimum count nothing is listed.
    CHECK(compile::render_trends(c.trie, side, emit::DictionaryKind::Joseki, 2010, 2018,
                                 compile::TrendLimits{5, 200})
              .find("none") != std::string::npos);
}
