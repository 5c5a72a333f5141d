#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <variant>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "core/go/symmetry.hpp"
#include "core/sgf/game_reader.hpp"
#include "emit/dictionary_reader.hpp"
#include "index/game_lookup.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/query.hpp"
#include "index/query_moves.hpp"
#include "index/result_json.hpp"
#include "prune/move_text.hpp"
#include "trackers/zone.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

enum class ColourOrder { AsWritten, Swapped };

// The text a user would type for `line` seen under `s`, colours swapped or not.
std::string query_text(std::span<const go::Move> line, go::Symmetry s, ColourOrder colours,
                       index::Tree tree) {
    std::vector<go::Move> moves;
    for (go::Move m : line) {
        m = go::apply(s, m);
        if (colours == ColourOrder::Swapped) m.color = go::opponent(m.color);
        moves.push_back(m);
    }
    return prune::render_path(moves, tree == index::Tree::Joseki ? emit::DictionaryKind::Joseki
                                                                 : emit::DictionaryKind::Fuseki);
}

index::QueryLine parsed(const std::string& text, index::Tree tree) {
    auto result = index::parse_query(text, tree);
    REQUIRE(std::holds_alternative<index::QueryLine>(result));
    return std::get<index::QueryLine>(result);
}

// Whether every stone of the canonical corner `line` (an upper-right line) lies in the zone
// of `other` corner too.
bool wholly_in_overlap(std::span<const go::Move> line, trackers::Corner other) {
    const trackers::Zone& zone = trackers::Zone::default_zone();
    return std::ranges::all_of(line, [&](const go::Move& m) {
        return m.is_pass() || (zone.contains(trackers::Corner::UpperRight, *m.point) &&
                               zone.contains(other, *m.point));
    });
}

// Every node of the SGF dictionary `file` is found in the index, from each of the 8
// orientations (and, for joseki, with either colour first), with the statistics the SGF
// node has. Returns the number of nodes checked.
std::size_t check_every_node(const fs::path& dict, const char* file, index::Tree tree) {
    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary_file(dict / file, problems);
    REQUIRE(read);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const dictionary::Trie& trie = read->trie;
    REQUIRE(index.tree(tree).size() == trie.size());
    const std::vector<ColourOrder> colour_orders =
        tree == index::Tree::Joseki ? std::vector{ColourOrder::AsWritten, ColourOrder::Swapped}
                                    : std::vector{ColourOrder::AsWritten};
    std::size_t mismatches = 0;
    for (dictionary::NodeId id = 1; id < trie.size(); ++id) {
        const std::vector<go::Move> line = trie.path_to(id);
        // A corner line wholly in an overlap of two zones is two nodes, one for each tracker's
        // view (jd ic from the upper left is jd kc from the upper right), and a query shown
        // reflected finds the other view, whose line may go on differently: skipped.
        if (tree == index::Tree::Joseki && (wholly_in_overlap(line, trackers::Corner::UpperLeft) ||
                                            wholly_in_overlap(line, trackers::Corner::LowerRight)))
            continue;
        const dictionary::NodeStats& expected = trie.node(id).stats;
        for (go::Symmetry s : go::kAllSymmetries) {
            for (ColourOrder colours : colour_orders) {
                const std::string text = query_text(line, s, colours, tree);
                const index::QueryLine q = parsed(text, tree);
                const index::Walk w = index::walk(index.tree(tree), q.canonical);
                if (w.matched() != line.size() ||
                    index::node_stats(index, tree, w.path.back()) != expected) {
                    if (++mismatches <= 3) {
                        UNSCOPED_INFO(file << ": " << text << " does not find node " << id << " ("
                                           << dictionary::format_line(line) << ")");
                    }
                }
            }
        }
    }
    CHECK(mismatches == 0);
    return trie.size() - 1;
}

}  // namespace

TEST_CASE("every node of a compiled dictionary is found by lookup with its SGF statistics",
          "[index][lookup]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    CHECK(check_every_node(dict, "joseki.sgf", index::Tree::Joseki) > 20);
    CHECK(check_every_node(dict, "fuseki.sgf", index::Tree::Fuseki) > 20);
}

TEST_CASE("every node of goban-596 is found by lookup with its SGF statistics",
          "[index][lookup][shared]") {
    const fs::path corpus = JOSEKIC_SOURCE_DIR "/../shared/corpus/goban-596.tar.xz";
    if (!fs::exists(corpus)) {
        WARN("skipped: " << corpus << " is not present");
        return;
    }
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_inputs(dir.path(), {corpus.string()});
    CHECK(check_every_node(dict, "joseki.sgf", index::Tree::Joseki) > 1000);
    CHECK(check_every_node(dict, "fuseki.sgf", index::Tree::Fuseki) > 1000);
}

TEST_CASE("two move orders of one opening reach one position with both counted",
          "[index][lookup]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const index::LookupResult a =
        index::lookup(index, index::Tree::Fuseki, parsed("pd dd pq dp", index::Tree::Fuseki), 5);
    const index::LookupResult b =
        index::lookup(index, index::Tree::Fuseki, parsed("pq dd pd dp", index::Tree::Fuseki), 5);
    REQUIRE(a.node);
    REQUIRE(b.node);
    CHECK(*a.node != *b.node);
    CHECK(a.stats.count == 1);
    CHECK(b.stats.count == 1);
    CHECK(a.position.nodes == b.position.nodes);
    CHECK(a.position.nodes.size() == 2);
    CHECK(a.position.stats.count == 2);
}

TEST_CASE("a line the dictionary does not know says where it left and what was played there",
          "[index][lookup]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const index::LookupResult r =
        index::lookup(index, index::Tree::Fuseki, parsed("pd dd aa", index::Tree::Fuseki), 5);
    CHECK_FALSE(r.node);
    CHECK(r.stats.count == 0);
    CHECK(r.matched == 2);
    CHECK_FALSE(r.continuations.empty());
    CHECK(r.games.empty());
    // Its continuations' shares are of the node where it left, as that node's own answer
    // gives them: lines that end there count in the whole (a joseki's tenukis and ends).
    const index::LookupResult there =
        index::lookup(index, index::Tree::Fuseki, parsed("pd dd", index::Tree::Fuseki), 5);
    REQUIRE(there.node);
    CHECK(r.last_known_count == there.stats.count);
    CHECK(index::lookup_json(r)["continuations"] == index::lookup_json(there)["continuations"]);
    // A joseki node where lines end and others go on: a move it never saw leaves it there.
    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary_file(dict / "joseki.sgf", problems);
    REQUIRE(read);
    dictionary::NodeId ending = dictionary::kNoNode;
    for (dictionary::NodeId id = 1; id < read->trie.size() && ending == dictionary::kNoNode; ++id)
        if (read->trie.ends(id) > 0 && read->trie.first_child(id) != dictionary::kNoNode)
            ending = id;
    REQUIRE(ending != dictionary::kNoNode);
    const std::vector<go::Move> line = read->trie.path_to(ending);
    const std::string known =
        query_text(line, go::Symmetry::Identity, ColourOrder::AsWritten, index::Tree::Joseki);
    const std::string next = line.back().color == go::Color::Black ? " W[aa]" : " B[aa]";
    const index::LookupResult known_answer =
        index::lookup(index, index::Tree::Joseki, parsed(known, index::Tree::Joseki), 5);
    const index::LookupResult joseki =
        index::lookup(index, index::Tree::Joseki, parsed(known + next, index::Tree::Joseki), 5);
    REQUIRE(known_answer.node);
    CHECK_FALSE(joseki.node);
    CHECK(joseki.last_known_count == known_answer.stats.count);
    CHECK(index::lookup_json(joseki)["continuations"] ==
          index::lookup_json(known_answer)["continuations"]);
}

TEST_CASE("lookup lists the most recent games of a line first", "[index][lookup]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const index::LookupResult r =
        index::lookup(index, index::Tree::Fuseki, parsed("", index::Tree::Fuseki), 3);
    REQUIRE(r.node);
    CHECK(r.stats.count == 5);
    REQUIRE(r.games.size() == 3);
    CHECK(r.games[0].game.date == "2015-01-02");
    CHECK(r.games[1].game.date == "2010-05-06");
    CHECK(r.games[2].game.date == "2001-03-04");
}

TEST_CASE("the position of a game after move N is found whatever its move order",
          "[index][lookup]") {
    test_support::TempDir dir;
    const std::vector<std::string> games = test_support::handmade_games();
    const fs::path dict = test_support::compile_games(dir.path(), games);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    diag::DiagnosticList problems;
    // The second game plays B pq, W dd, B pd, W dp: the first game's position after 4 moves.
    const std::vector<game::GameRecord> records = sgf::read_games(games[1], "g.sgf", {}, problems);
    REQUIRE(records.size() == 1);
    index::GameLookupOptions options;
    options.move = 4;
    const index::GameLookup r =
        index::lookup_game(index, records[0], records[0].moves.size(), options);
    CHECK(r.move_number == 4);
    REQUIRE(r.fuseki.node);
    CHECK(r.fuseki.position.nodes.size() == 2);
    CHECK(r.fuseki.position.stats.count == 2);
    // Four stones, one in each corner: every tracker is still on.
    CHECK(r.corners.size() == 4);
    for (const index::CornerLookup& c : r.corners) CHECK(c.joseki.node);
}

TEST_CASE("every line of a dictionary is found by its own moves, overlaps and centre lines too",
          "[index][lookup]") {
    // First stones on the centre column (jd, jc) and in the overlap of two corners' zones
    // (ic): both trackers see them, and the dictionary holds both views (jd kc from the
    // upper-right, jd ic from the upper-left).
    std::vector<std::string> games = test_support::handmade_games();
    games.push_back("(;GM[1]FF[4]SZ[19]RE[B+R];B[jd];W[kc];B[pp];W[dp];B[dd])");
    games.push_back("(;GM[1]FF[4]SZ[19]RE[W+R];B[ic];W[pq];B[dq];W[qd])");
    games.push_back("(;GM[1]FF[4]SZ[19]RE[B+R];B[jc];W[pd];B[dp];W[pp];B[dd])");
    // Lines from an overlap into one corner's depths (jd qf; ic, a tenuki, pd): typed in
    // another orientation, their first stone lies in an overlap again, and only the corner
    // whose zone holds every stone finds them.
    games.push_back("(;GM[1]FF[4]SZ[19]RE[W+R];B[jd];W[qf];B[dp];W[pp])");
    games.push_back("(;GM[1]FF[4]SZ[19]RE[B+R];B[ic];W[dp];B[pd];W[qq])");
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), games);
    CHECK(check_every_node(dict, "joseki.sgf", index::Tree::Joseki) > 20);
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    for (const auto& [file, tree] : {std::pair{"joseki.sgf", index::Tree::Joseki},
                                     std::pair{"fuseki.sgf", index::Tree::Fuseki}}) {
        diag::DiagnosticList problems;
        const auto read = emit::read_dictionary_file(dict / file, problems);
        REQUIRE(read);
        const dictionary::Trie& trie = read->trie;
        std::size_t mismatches = 0;
        for (dictionary::NodeId id = 1; id < trie.size(); ++id) {
            const std::vector<go::Move> line = trie.path_to(id);
            const std::string text =
                query_text(line, go::Symmetry::Identity, ColourOrder::AsWritten, tree);
            const auto result = index::parse_query(text, tree);
            const auto* q = std::get_if<index::QueryLine>(&result);
            const bool found = q != nullptr && q->canonical == line &&
                               index::walk(index.tree(tree), q->canonical).matched() == line.size();
            if (!found && ++mismatches <= 3) UNSCOPED_INFO(file << ": " << text << " is not found");
        }
        CHECK(mismatches == 0);
    }
    const auto root_moves = [&](const std::string& text) {
        return parsed(text, index::Tree::Joseki).canonical;
    };
    // Typed in another orientation, a line wholly in an overlap is answered with the view the
    // dictionary follows furthest: jd ic is there (the upper-left tracker's view of jd kc, its
    // corner's first line), jd kc is not (the upper right was played already).
    {
        test_support::TempDir other;
        const fs::path played = test_support::compile_games(
            other.path(), {"(;GM[1]FF[4]SZ[19]RE[B+R];B[pd];W[dp];B[jd];W[kc];B[pp])"});
        const index::IndexFile with_one_view = index::IndexFile::open(played / "index.jki");
        for (const char* typed : {"B[jd] W[kc]", "B[jd] W[ic]", "B[dj] W[ck]", "B[jp] W[kq]"}) {
            INFO(typed);
            const auto result = index::parse_query(typed, index::Tree::Joseki);
            if (!std::holds_alternative<index::QueryLine>(result)) continue;
            const index::LookupResult answer = index::lookup(with_one_view, index::Tree::Joseki,
                                                             std::get<index::QueryLine>(result), 0);
            CHECK(answer.node.has_value());
            CHECK(dictionary::format_line(answer.query.canonical) == "B[jd] W[ic]");
        }
    }
    CHECK(root_moves("jd") == std::vector{go::Move::at(go::Color::Black, go::Point{9, 3})});
    CHECK(root_moves("ic") == std::vector{go::Move::at(go::Color::Black, go::Point{8, 2})});
}
