#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/node_trends.hpp"
#include "index/query.hpp"

using namespace josekic;

namespace {

// The trend of `node`, its lines read one by one and each game's names from its record.
index::NodeTrend trend_read_one_by_one(const index::IndexFile& file, index::Tree tree,
                                       std::uint32_t node, const index::GameSelection* selection) {
    const index::TreeView& view = file.tree(tree);
    index::NodeTrend trend;
    std::set<std::string> names;
    view.for_each_line(view.node(node).lines_begin,
                       view.node(view.node(node).subtree_end).lines_begin,
                       [&](std::uint32_t, const index::LineRecord& line) {
                           if (selection != nullptr && !selection->contains(line)) return;
                           ++trend.years[line.year];
                           const index::IndexedGame g = file.game(line.game);
                           for (const std::string& name : {g.black_player, g.white_player})
                               if (!name.empty()) names.insert(name);
                       });
    trend.players = static_cast<std::uint32_t>(names.size());
    return trend;
}

}  // namespace

TEST_CASE("year counts give each year's games of a node, undated ones under 0", "[index][years]") {
    const test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::TrendCounter counter(file);
    const std::vector<std::uint32_t> root{0};
    // Every game has one opening, so the fuseki root counts each game once, by its DT.
    CHECK(counter.count(index::Tree::Fuseki, root)[0].years ==
          std::map<int, std::uint64_t>{{0, 1}, {1999, 1}, {2001, 1}, {2010, 1}, {2015, 1}});
    game::GameFilter since;
    since.since = 2005;
    const index::GameSelection recent(file, since);
    CHECK(counter.count(index::Tree::Fuseki, root, &recent)[0].years ==
          std::map<int, std::uint64_t>{{2010, 1}, {2015, 1}});
    // The years alone: the same, no players counted.
    const index::NodeTrend years =
        counter.count(index::Tree::Fuseki, root, &recent, index::TrendCounter::Figures::Years)[0];
    CHECK(years.years == counter.count(index::Tree::Fuseki, root, &recent)[0].years);
    CHECK(years.players == 0);
}

TEST_CASE("the trends of nodes counted together are those of each node alone",
          "[index][players][years]") {
    const test_support::TempDir dir;
    std::vector<std::string> games = test_support::filter_games();
    // Two more: a game without names, and one of two players the collection already has.
    games.push_back("(;GM[1]FF[4]SZ[19]DT[2021];B[dd];W[pp];B[dp];W[pd];B[cq])");
    games.push_back("(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Kid]DT[2022];B[dd];W[pp];B[pd];W[dp];B[qq])");
    test_support::write_games(dir.path() / "games", games);
    const auto dict = test_support::compile_inputs(dir.path(), {(dir.path() / "games").string()});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::TrendCounter counter(file);

    // The fuseki root holds every kept game: 10 distinct games of 20 names, one game without
    // names and one of two known names (the two copies are duplicates, dropped).
    const std::vector<std::uint32_t> root{0};
    CHECK(counter.count(index::Tree::Fuseki, root)[0].players == 20);

    game::GameFilter since;
    since.since = 2017;
    const index::GameSelection recent(file, since);
    for (const index::Tree tree : {index::Tree::Joseki, index::Tree::Fuseki}) {
        // The root and its children (nested ranges), a grandchild, and the children alone,
        // last first (ranges apart, out of order).
        const std::vector<std::uint32_t> children = index::children(file.tree(tree), 0);
        REQUIRE(children.size() >= 2);
        std::vector<std::uint32_t> family{0};
        family.insert(family.end(), children.begin(), children.end());
        const std::vector<std::uint32_t> grandchildren =
            index::children(file.tree(tree), children[0]);
        if (!grandchildren.empty()) family.push_back(grandchildren[0]);
        const std::vector<std::uint32_t> apart(children.rbegin(), children.rend());
        for (const std::vector<std::uint32_t>& nodes : {family, apart}) {
            for (const index::GameSelection* selection :
                 {static_cast<const index::GameSelection*>(nullptr), &recent}) {
                const std::vector<index::NodeTrend> trends = counter.count(tree, nodes, selection);
                REQUIRE(trends.size() == nodes.size());
                for (std::size_t k = 0; k < nodes.size(); ++k) {
                    INFO("node " << nodes[k]);
                    CHECK(trends[k] == trend_read_one_by_one(file, tree, nodes[k], selection));
                }
            }
        }
    }
}
