#include <catch2/catch.hpp>

#include <string>

#include "compiler/sgf/sgf_tree.hpp"

using namespace josekic;
using namespace josekic::sgf;

namespace {
bool has_code(const diag::DiagnosticList& list, std::string_view code) {
    for (const auto& d : list.items) {
        if (d.code == code) return true;
    }
    return false;
}
const diag::Diagnostic* find_code(const diag::DiagnosticList& list, std::string_view code) {
    for (const auto& d : list.items) {
        if (d.code == code) return &d;
    }
    return nullptr;
}
}  // namespace

TEST_CASE("a simple game tree with a variation", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("(;FF[4]GM[1]\n;B[pd](;W[dd];B[pp])(;W[dp]))", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(diags.items.empty());
    const auto& n = trees[0].nodes;
    REQUIRE(n.size() == 5);
    CHECK(n[0].find("FF")->values[0] == "4");
    CHECK(n[1].find("B")->values[0] == "pd");
    CHECK(n[1].where == diag::SourceLocation{2, 1});
    CHECK(n[1].find("B")->value_at[0] == diag::SourceLocation{2, 4});
    CHECK(n[n[1].first_child].find("W")->values[0] == "dd");
    CHECK(n[n[n[1].first_child].next_sibling].find("W")->values[0] == "dp");
    CHECK(n[2].first_child == 3);
}

TEST_CASE("several games, text before the first tree, stray parens", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("Saved by (some) program\n(;GM[1];B[aa]))\n(;GM[1];W[bb])", "t.sgf", diags);
    REQUIRE(trees.size() == 2);
    CHECK(trees[1].nodes[1].find("W")->values[0] == "bb");
    CHECK(trees[1].where == diag::SourceLocation{3, 1});
    CHECK(has_code(diags, "text-outside-game"));
    const auto* stray = find_code(diags, "stray-close-paren");
    REQUIRE(stray != nullptr);
    CHECK(stray->where == diag::SourceLocation{2, 15});
}

TEST_CASE("old long lower-case property names keep their capitals", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("(;GaMe[1]AddBlack[dd][pp]Black[qq];White[cc])", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes[0].find("GM")->values[0] == "1");
    CHECK(trees[0].nodes[0].find("AB")->values.size() == 2);
    CHECK(trees[0].nodes[0].find("B")->values[0] == "qq");
    CHECK(trees[0].nodes[1].find("W") != nullptr);
    CHECK(diags.items.empty());
}

TEST_CASE("escapes and soft line breaks", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees =
        parse_collection("(;C[a\\]b\\\\c\\\nd\\\r\ne\\:f\nnext]PB[x])", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes[0].find("C")->values[0] == "a]b\\cde:f\nnext");
    CHECK(trees[0].nodes[0].find("PB")->value_at[0] == diag::SourceLocation{4, 9});
}

TEST_CASE("a missing final paren and an unterminated value at end of file", "[sgf]") {
    diag::DiagnosticList diags;
    auto trees = parse_collection("(;GM[1];B[aa];W[bb]\n", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes.size() == 3);
    CHECK(has_code(diags, "missing-close-paren"));

    diag::DiagnosticList cut;
    trees = parse_collection("(;GM[1];B[aa];W[b", "t.sgf", cut);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes[2].find("W")->values[0] == "b");
    const auto* d = find_code(cut, "unterminated-value");
    REQUIRE(d != nullptr);
    CHECK(d->where == diag::SourceLocation{1, 17});
    CHECK(!has_code(cut, "missing-close-paren"));
}

TEST_CASE("empty, white-space and non-SGF files", "[sgf]") {
    diag::DiagnosticList empty;
    CHECK(parse_collection("", "e.sgf", empty).empty());
    CHECK(has_code(empty, "empty-file"));
    diag::DiagnosticList blank;
    CHECK(parse_collection(" \n\t\r\n ", "b.sgf", blank).empty());
    CHECK(has_code(blank, "empty-file"));
    diag::DiagnosticList text;
    CHECK(parse_collection("\n  ; saved by a program; B[aa]", "x.sgf", text).empty());
    const auto* d = find_code(text, "no-game-tree");
    REQUIRE(d != nullptr);
    CHECK(d->where == diag::SourceLocation{2, 3});
    CHECK(d->severity == diag::Severity::Error);
    for (const char* garbage :
         {")", ")))", ";", ";;", ";B", ";B ;W[aa]", "\x01\xFF;[", "[];B[aa]"}) {
        diag::DiagnosticList junk;
        CHECK(parse_collection(garbage, "g.sgf", junk).empty());
        CHECK(!junk.items.empty());
        CHECK(!has_code(junk, "missing-open-paren"));
    }
    diag::DiagnosticList nuls;
    CHECK(parse_collection(std::string(100, '\0'), "z.sgf", nuls).empty());
    CHECK(has_code(nuls, "no-game-tree"));
    diag::DiagnosticList hollow;
    CHECK(parse_collection("()", "h.sgf", hollow).empty());
    CHECK(has_code(hollow, "empty-game-tree"));
}

TEST_CASE("junk between nodes and properties without values", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("(;GM[1] illegal_chars FF[4] XY ;B[aa])", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes.size() == 2);
    CHECK(trees[0].nodes[0].find("FF")->values[0] == "4");
    CHECK(has_code(diags, "property-without-value"));
}

TEST_CASE("deep trees do not overflow the stack", "[sgf]") {
    SECTION("a 1,000,000-node main line") {
        std::string text = "(;GM[1]";
        text.reserve(7 + 1000000 * 6 + 1);
        for (int i = 0; i < 1000000; ++i) text += (i % 2 == 0) ? ";B[aa]" : ";W[bb]";
        text += ")";
        diag::DiagnosticList diags;
        const auto trees = parse_collection(text, "deep.sgf", diags);
        REQUIRE(trees.size() == 1);
        CHECK(trees[0].nodes.size() == 1000001);
        CHECK(diags.items.empty());
    }
    SECTION("10,000 nested variations") {
        std::string text = "(;GM[1]";
        for (int i = 0; i < 10000; ++i) text += "(;B[aa]";
        text += std::string(10000, ')') + ")";
        diag::DiagnosticList diags;
        const auto trees = parse_collection(text, "nested.sgf", diags);
        REQUIRE(trees.size() == 1);
        CHECK(trees[0].nodes.size() == 10001);
        CHECK(trees[0].nodes[9999].first_child == 10000);
        CHECK(diags.items.empty());
    }
    SECTION("1,000,000 nested variations, never closed") {
        std::string text = "(;GM[1]";
        for (int i = 0; i < 1000000; ++i) text += "(;W[a]";
        diag::DiagnosticList diags;
        const auto trees = parse_collection(text, "nested.sgf", diags);
        REQUIRE(trees.size() == 1);
        CHECK(trees[0].nodes.size() == 1000001);
        CHECK(has_code(diags, "missing-close-paren"));
    }
}

TEST_CASE("a file that starts with a node but lost its first paren", "[sgf]") {
    SECTION("main line only, as in Fox's Pro2 files") {
        diag::DiagnosticList diags;
        const auto trees =
            parse_collection("\n  ;GM[1]FF[4]  SZ[19]  ;B[pd];W[dd]  ;B[pp])\n", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        REQUIRE(diags.items.size() == 1);
        CHECK(diags.items[0].code == "missing-open-paren");
        CHECK(diags.items[0].severity == diag::Severity::Warning);
        CHECK(diags.items[0].where == diag::SourceLocation{2, 3});
        const auto& n = trees[0].nodes;
        REQUIRE(n.size() == 4);
        CHECK(trees[0].where == diag::SourceLocation{2, 3});
        CHECK(n[0].find("SZ")->values[0] == "19");
        CHECK(n[1].find("B")->values[0] == "pd");
        CHECK(n[2].find("W")->values[0] == "dd");
        CHECK(n[3].find("B")->values[0] == "pp");
        CHECK(n[3].first_child == kNoSgfNode);
    }
    SECTION("with variations: they stay variations, no stray ')' and no text outside") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection(";GM[1];B[pd](;W[dd];B[pp])(;W[dp]))", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        REQUIRE(diags.items.size() == 1);
        CHECK(diags.items[0].code == "missing-open-paren");
        const auto& n = trees[0].nodes;
        REQUIRE(n.size() == 5);
        CHECK(n[n[1].first_child].find("W")->values[0] == "dd");
        CHECK(n[n[n[1].first_child].next_sibling].find("W")->values[0] == "dp");
    }
    SECTION("neither paren: read to the end with both repairs reported") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection(";GaMe [1];B[aa];W[bb]", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        CHECK(trees[0].nodes.size() == 3);
        CHECK(has_code(diags, "missing-open-paren"));
        CHECK(has_code(diags, "missing-close-paren"));
    }
    SECTION("a second tree after the repaired one is read as usual") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection(";GM[1];B[aa])\n(;GM[1];W[bb])", "f.sgf", diags);
        REQUIRE(trees.size() == 2);
        CHECK(trees[1].nodes[1].find("W")->values[0] == "bb");
        CHECK(diags.items.size() == 1);
    }
    SECTION("every truncation of such a file is read or diagnosed") {
        const std::string full = ";GM[1]C[a;b(c)];B[pd](;W[dd];B[pp])(;W[dp]))";
        for (std::size_t n = 0; n <= full.size(); ++n) {
            INFO(full.substr(0, n));
            diag::DiagnosticList diags;
            const auto trees = parse_collection(full.substr(0, n), "f.sgf", diags);
            CHECK((trees.size() == 1) == (n >= 4));  // from ";GM[" on, as "(;GM[" would be
            if (n != full.size()) CHECK(!diags.items.empty());
        }
    }
    SECTION("only the start of the file is repaired: a ';' after text stays text") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection("Saved by x\n;GM[1];B[aa])", "f.sgf", diags);
        CHECK(trees.empty());
        CHECK(has_code(diags, "no-game-tree"));
        CHECK(!has_code(diags, "missing-open-paren"));
    }
}
