#include <catch2/catch.hpp>

#include "tests/support/filter_collection.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "emit/dictionary_reader.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

// What differs between two answers to one query, or "" when nothing does (node ids aside:
// they are the two indexes' own).
std::string difference(const index::LookupResult& a, const index::LookupResult& b) {
    std::ostringstream out;
    if (a.node.has_value() != b.node.has_value()) out << "found; ";
    if (a.matched != b.matched) out << "matched " << a.matched << " vs " << b.matched << "; ";
    if (a.stats != b.stats) out << "stats " << a.stats.count << " vs " << b.stats.count << "; ";
    if (a.parent_count != b.parent_count) out << "parent count; ";
    if (a.position.stats != b.position.stats || a.position.nodes.size() != b.position.nodes.size())
        out << "position; ";
    if (a.continuations.size() != b.continuations.size()) {
        out << "continuations " << a.continuations.size() << " vs " << b.continuations.size();
    } else {
        for (std::size_t i = 0; i < a.continuations.size(); ++i) {
            if (a.continuations[i].canonical_move != b.continuations[i].canonical_move ||
                a.continuations[i].stats != b.continuations[i].stats)
                out << "continuation " << i << "; ";
        }
    }
    if (a.games.size() != b.games.size()) {
        out << "games " << a.games.size() << " vs " << b.games.size();
    } else {
        for (std::size_t i = 0; i < a.games.size(); ++i) {
            if (a.games[i].game.source_path != b.games[i].game.source_path ||
                a.games[i].game.index_in_file != b.games[i].game.index_in_file ||
                a.games[i].move_number != b.games[i].move_number)
                out << "game " << i << "; ";
        }
    }
    return out.str();
}

// Looks every node of the unfiltered dictionary up twice: in its index with `filter`, and in
// the index of a compile with `filter`; both must answer alike. Returns the nodes compared.
std::size_t compare_every_node(const fs::path& all, const fs::path& filtered,
                               const game::GameFilter& filter, const char* file, index::Tree tree) {
    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary_file(all / file, problems);
    REQUIRE(read);
    const index::IndexFile whole = index::IndexFile::open(all / "index.jki");
    const index::IndexFile part = index::IndexFile::open(filtered / "index.jki");
    const index::GameSelection selection(whole, filter);
    std::size_t mismatches = 0;
    for (dictionary::NodeId id = 0; id < read->trie.size(); ++id) {
        index::QueryLine q;
        q.canonical = read->trie.path_to(id);
        q.played = q.canonical;
        const std::string diff = difference(index::lookup(whole, tree, q, 5, &selection),
                                            index::lookup(part, tree, q, 5));
        if (!diff.empty() && ++mismatches <= 3)
            UNSCOPED_INFO(file << " " << dictionary::format_line(q.canonical) << ": " << diff);
    }
    CHECK(mismatches == 0);
    return read->trie.size();
}

}  // namespace

TEST_CASE("lookup with a filter answers as the index of a compile with that filter",
          "[index][lookup][filter]") {
    const test_support::TempDir dir;
    const fs::path in = test_support::compile_filter_games(dir.path());
    std::vector<game::GameFilter> filters(7);
    filters[0].since = 2017;
    filters[1].min_rank = game::parse_rank("9d");
    filters[2].players.emplace_back("Cho, Chikun");
    filters[3].event = "meijin";
    filters[4].until = 1990;
    filters[4].max_rank = game::parse_rank("9d");
    filters[5].event = "no event of these games";  // filters that keep no game
    filters[6].since = 2100;
    for (const game::GameFilter& filter : filters) {
        INFO(filter.describe());
        test_support::compile_filtered({in.string()}, dir.path() / "filtered", filter);
        CHECK(compare_every_node(dir.path() / "all", dir.path() / "filtered", filter, "joseki.sgf",
                                 index::Tree::Joseki) > 20);
        CHECK(compare_every_node(dir.path() / "all", dir.path() / "filtered", filter, "fuseki.sgf",
                                 index::Tree::Fuseki) > 20);
    }
}

TEST_CASE("a filtered lookup counts, orders and lists only the games that pass",
          "[index][lookup][filter]") {
    const test_support::TempDir dir;
    test_support::compile_filter_games(dir.path());
    const index::IndexFile file = index::IndexFile::open(dir.path() / "all" / "index.jki");
    game::GameFilter filter;
    filter.since = 2017;
    const index::GameSelection selection(file, filter);
    const index::LookupResult all = index::lookup(file, index::Tree::Fuseki, {}, 20);
    const index::LookupResult since = index::lookup(file, index::Tree::Fuseki, {}, 20, &selection);
    CHECK(all.stats.count == 10);
    CHECK(since.stats.count == 5);  // games 2, 3, 5, 7, 9
    REQUIRE(since.games.size() == 5);
    for (const index::GameFacts& g : since.games) CHECK(g.game.year >= 2017);
    std::uint64_t continued = 0;
    for (const index::ContinuationFacts& c : since.continuations) {
        CHECK(c.stats.count > 0);
        continued += c.stats.count;
    }
    CHECK(continued == 5);
}

TEST_CASE("lookup with a filter on goban-596 answers as a compile with it",
          "[index][lookup][filter][shared]") {
    const fs::path corpus = JOSEKIC_SOURCE_DIR "/../shared/corpus/goban-596.tar.xz";
    if (!fs::exists(corpus)) {
        WARN("skipped: " << corpus << " is not present");
        return;
    }
    const test_support::TempDir dir;
    test_support::compile_filtered({corpus.string()}, dir.path() / "all", {});
    game::GameFilter filter;
    filter.since = 1975;
    test_support::compile_filtered({corpus.string()}, dir.path() / "filtered", filter);
    CHECK(compare_every_node(dir.path() / "all", dir.path() / "filtered", filter, "joseki.sgf",
                             index::Tree::Joseki) > 1000);
    CHECK(compare_every_node(dir.path() / "all", dir.path() / "filtered", filter, "fuseki.sgf",
                             index::Tree::Fuseki) > 1000);
}
