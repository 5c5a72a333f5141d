#include <catch2/catch.hpp>

#include <map>

#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/year_counts.hpp"
#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

TEST_CASE("year counts give each year's games of a node, undated ones under 0", "[index][years]") {
    const test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    // Every game has one opening, so the fuseki root counts each game once, by its DT.
    CHECK(index::year_counts(file, index::Tree::Fuseki, 0) ==
          std::map<int, std::uint64_t>{{0, 1}, {1999, 1}, {2001, 1}, {2010, 1}, {2015, 1}});
    game::GameFilter since;
    since.since = 2005;
    const index::GameSelection recent(file, since);
    CHECK(index::year_counts(file, index::Tree::Fuseki, 0, &recent) ==
          std::map<int, std::uint64_t>{{2010, 1}, {2015, 1}});
}
