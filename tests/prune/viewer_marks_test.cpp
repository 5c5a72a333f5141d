#include <catch2/catch.hpp>

#include "prune/apply.hpp"
#include "prune/list_file.hpp"
#include "prune/viewer_marks.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using namespace josekic::prune::testing;

namespace {
// A copy of a joseki dictionary as a user leaves it after marking three nodes in a viewer:
// BM on a main-line node, a "prune" comment line in a variation, "PRUNE" after a tenuki.
constexpr std::string_view kMarked =
    "(;GM[1]FF[4]CA[UTF-8]SZ[19]XD[joseki:1]C[josekic joseki dictionary]\n"
    ";B[pd]C[12 games]\n"
    "(;W[qc]\n"
    "(;B[qd]BM[1])\n"
    "(;B[pc]C[Interesting?\n  Prune  ]))\n"
    "(;W[nc]C[pruned? no, this line is fine])\n"
    "(;W[]C[Tenuki]\n"
    ";B[qf]C[PRUNE]))\n";
}  // namespace

TEST_CASE("a node is marked by BM or by a comment line 'prune'", "[prune]") {
    diag::DiagnosticList sink;
    const auto trees = sgf::parse_collection("(;B[aa]BM[2];C[x\nprune\n];C[prune this];C[ pRuNe ])",
                                             "m.sgf", sink);
    REQUIRE(trees.size() == 1);
    REQUIRE(trees[0].nodes.size() == 4);
    CHECK(is_marked(trees[0].nodes[0]));
    CHECK(is_marked(trees[0].nodes[1]));
    CHECK_FALSE(is_marked(trees[0].nodes[2]));
    CHECK(is_marked(trees[0].nodes[3]));
}

TEST_CASE("marked nodes of a viewer copy become remove entries", "[prune]") {
    diag::DiagnosticList sink;
    const auto list = parse_viewer_marks(kMarked, "marked.sgf", sink);
    INFO((sink.items.empty() ? std::string() : diag::format(sink.items.front())));
    REQUIRE(list);
    CHECK(sink.items.empty());
    CHECK(list->path == "marked.sgf");
    REQUIRE(list->entries.size() == 3);
    CHECK(list->entries[0].path == moves({"pd", "qc", "qd"}));
    CHECK(list->entries[0].where.line == 4);
    CHECK(list->entries[0].where.column == 2);
    CHECK(list->entries[0].text == "B[pd] W[qc] B[qd]");
    CHECK(list->entries[1].path == moves({"pd", "qc", "pc"}));
    CHECK(list->entries[2].path == moves({"pd", "tt", "qf"}));
    CHECK(list->entries[2].text == "B[pd] W[tenuki] B[qf]");
    for (const PruneEntry& e : list->entries) {
        CHECK(e.scope == Scope::Joseki);
        CHECK(e.action == EntryAction::Remove);
    }
}

TEST_CASE("a viewer copy prunes exactly as the same text list", "[prune]") {
    const auto trie = make_trie({{{"pd", "qc", "qd"}, 5},
                                 {{"pd", "qc", "pc"}, 2},
                                 {{"pd", "nc"}, 3},
                                 {{"pd", "tt", "qf"}, 1}});
    diag::DiagnosticList sink;
    const auto marked = parse_any_prune_list(kMarked, "marked.sgf", sink);
    const auto typed =
        parse_any_prune_list("joseki: pd qc qd\npd qc pc\nB[pd] W[tenuki] B[qf]\n", "t.txt", sink);
    REQUIRE(marked);
    REQUIRE(typed);
    const PruneResult a = apply(trie, {*marked}, {}, DictionaryKind::Joseki);
    const PruneResult b = apply(trie, {*typed}, {}, DictionaryKind::Joseki);
    CHECK(dump(a.trie) == dump(b.trie));
    CHECK(a.trie.size() == 5);
    CHECK(a.diagnostics.empty());
}

TEST_CASE("a copy without josekic's kind property applies to both dictionaries", "[prune]") {
    diag::DiagnosticList sink;
    const auto list = parse_viewer_marks("(;GM[1];B[pd];W[tt]BM[1])", "m.sgf", sink);
    REQUIRE(list);
    REQUIRE(list->entries.size() == 1);
    CHECK(list->entries[0].scope == Scope::Both);
    CHECK(list->entries[0].path == moves({"pd", "tt"}));
}

TEST_CASE("a fuseki copy scopes its entries to fuseki", "[prune]") {
    diag::DiagnosticList sink;
    const auto list = parse_viewer_marks("(;GM[1]XD[fuseki:1];B[pd];W[dd]C[prune])", "m.sgf", sink);
    REQUIRE(list);
    REQUIRE(list->entries.size() == 1);
    CHECK(list->entries[0].scope == Scope::Fuseki);
}

TEST_CASE("a marked root is refused, a bad move is an error", "[prune]") {
    SECTION("root") {
        diag::DiagnosticList sink;
        CHECK_FALSE(parse_viewer_marks("(;GM[1]C[prune]\n;B[pd])", "m.sgf", sink));
        REQUIRE(sink.items.size() == 1);
        CHECK(sink.items[0].code == diag::Code::PruneViewer);
        CHECK(sink.items[0].where == diag::SourceLocation{1, 2});
    }
    SECTION("bad move on the path") {
        diag::DiagnosticList sink;
        CHECK_FALSE(parse_viewer_marks("(;GM[1]\n;B[zz]\n;W[pd]BM[1])", "m.sgf", sink));
        REQUIRE(sink.items.size() == 1);
        CHECK(sink.items[0].where.line == 2);
    }
    SECTION("nothing marked is an empty list") {
        diag::DiagnosticList sink;
        const auto list = parse_viewer_marks("(;GM[1];B[pd])", "m.sgf", sink);
        REQUIRE(list);
        CHECK(list->entries.empty());
    }
}
