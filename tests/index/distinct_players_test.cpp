#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <set>
#include <string>
#include <vector>

#include "index/distinct_players.hpp"
#include "index/index_reader.hpp"
#include "index/query.hpp"

using namespace josekic;

namespace {

// The distinct non-empty names of the games of `node`'s lines, read from the game records.
std::size_t players_read_one_by_one(const index::IndexFile& file, index::Tree tree,
                                    std::uint32_t node, const index::GameSelection* selection) {
    const index::TreeView& view = file.tree(tree);
    std::set<std::string> names;
    view.for_each_line(view.node(node).lines_begin,
                       view.node(view.node(node).subtree_end).lines_begin,
                       [&](std::uint32_t, const index::LineRecord& line) {
                           if (selection != nullptr && !selection->contains(line)) return;
                           const index::IndexedGame g = file.game(line.game);
                           for (const std::string& name : {g.black_player, g.white_player})
                               if (!name.empty()) names.insert(name);
                       });
    return names.size();
}

}  // namespace

TEST_CASE("the players of a node are the distinct names of its games", "[index][players]") {
    const test_support::TempDir dir;
    std::vector<std::string> games = test_support::filter_games();
    // Two more: a game without names, and one of two players the collection already has.
    games.push_back("(;GM[1]FF[4]SZ[19]DT[2021];B[dd];W[pp];B[dp];W[pd];B[cq])");
    games.push_back("(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Kid]DT[2022];B[dd];W[pp];B[pd];W[dp];B[qq])");
    test_support::write_games(dir.path() / "games", games);
    const auto dict = test_support::compile_inputs(dir.path(), {(dir.path() / "games").string()});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::PlayerCounter counter(file);

    // The fuseki root holds every kept game: 10 distinct games of 20 names, one game without
    // names and one of two known names (the two copies are duplicates, dropped).
    const std::vector<std::uint32_t> root{0};
    CHECK(counter.count(index::Tree::Fuseki, root) == std::vector<std::uint32_t>{20});

    game::GameFilter since;
    since.since = 2017;
    const index::GameSelection recent(file, since);
    for (const index::Tree tree : {index::Tree::Joseki, index::Tree::Fuseki}) {
        std::vector<std::uint32_t> nodes{0};
        for (std::uint32_t child : index::children(file.tree(tree), 0)) nodes.push_back(child);
        for (const index::GameSelection* selection :
             {static_cast<const index::GameSelection*>(nullptr), &recent}) {
            const std::vector<std::uint32_t> counts = counter.count(tree, nodes, selection);
            REQUIRE(counts.size() == nodes.size());
            for (std::size_t k = 0; k < nodes.size(); ++k)
                CHECK(counts[k] == players_read_one_by_one(file, tree, nodes[k], selection));
        }
    }
}
