#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "core/sgf/sgf_tree.hpp"

using namespace josekic;
using namespace josekic::sgf;

namespace {
bool has_code(const diag::DiagnosticList& list, diag::Code code) {
    for (const auto& d : list.items) {
        if (d.code == code) return true;
    }
    return false;
}
const diag::Diagnostic* find_code(const diag::DiagnosticList& list, diag::Code code) {
    for (const auto& d : list.items) {
        if (d.code == code) return &d;
    }
    return nullptr;
}
}  // namespace

TEST_CASE("a simple game tree with a variation", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees =
        parse_collection("(;FF[4]GM[1]\n;B[pd](;W[dd];B[pp])(;W[dp]))", "t.sgf", diags);
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
    const auto trees = parse_collection("Saved by (some) program\n(;GM[1];B[aa]))\n(;GM[1];W[bb])",
                                        "t.sgf", diags);
    REQUIRE(trees.size() == 2);
    CHECK(trees[1].nodes[1].find("W")->values[0] == "bb");
    CHECK(trees[1].where == diag::SourceLocation{3, 1});
    CHECK(has_code(diags, diag::Code::TextOutsideGame));
    const auto* stray = find_code(diags, diag::Code::StrayCloseParen);
    REQUIRE(stray != nullptr);
    CHECK(stray->where == diag::SourceLocation{2, 15});
}

TEST_CASE("old long lower-case property names keep their capitals", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees =
        parse_collection("(;GaMe[1]AddBlack[dd][pp]Black[qq];White[cc])", "t.sgf", diags);
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
    CHECK(has_code(diags, diag::Code::MissingCloseParen));

    diag::DiagnosticList cut;
    trees = parse_collection("(;GM[1];B[aa];W[b", "t.sgf", cut);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes[2].find("W")->values[0] == "b");
    const auto* d = find_code(cut, diag::Code::UnterminatedValue);
    REQUIRE(d != nullptr);
    CHECK(d->where == diag::SourceLocation{1, 17});
    CHECK(!has_code(cut, diag::Code::MissingCloseParen));
}

TEST_CASE("a game whose ')' was lost ends where the next game starts", "[sgf]") {
    // The first game of a collection lost its ')': without the repair every later game was
    // one of its variations, and the collection one game.
    diag::DiagnosticList diags;
    const auto trees = parse_collection(
        "(;GM[1]SZ[19]PB[A];B[pd];W[dd]\n(;GM[1]SZ[19]PB[B];B[qd](;W[dc])(;W[cd]))\n"
        "( ; FF[4]PB[C];B[pp])",
        "t.sgf", diags);
    REQUIRE(trees.size() == 3);
    CHECK(trees[0].nodes.size() == 3);
    CHECK(trees[1].nodes.size() == 4);  // its variations are its own
    CHECK(trees[2].nodes[0].find("PB")->values[0] == "C");
    const auto* d = find_code(diags, diag::Code::MissingCloseParen);
    REQUIRE(d != nullptr);
    CHECK(d->where == diag::SourceLocation{2, 1});
    // A variation that is no game's root stays a variation.
    diag::DiagnosticList clean;
    CHECK(parse_collection("(;GM[1];B[pd](;W[dd];B[pp])(;W[pp]GM[1]))", "v.sgf", clean).size() ==
          1);
    CHECK_FALSE(has_code(clean, diag::Code::MissingCloseParen));
}

TEST_CASE("empty, white-space and non-SGF files", "[sgf]") {
    diag::DiagnosticList empty;
    CHECK(parse_collection("", "e.sgf", empty).empty());
    CHECK(has_code(empty, diag::Code::EmptyFile));
    diag::DiagnosticList blank;
    CHECK(parse_collection(" \n\t\r\n ", "b.sgf", blank).empty());
    CHECK(has_code(blank, diag::Code::EmptyFile));
    // Game trees without a node are said so, and the file is not called empty.
    for (const char* hollow : {"((((((", "()", "( )\n( )"}) {
        diag::DiagnosticList without_nodes;
        INFO(hollow);
        CHECK(parse_collection(hollow, "h.sgf", without_nodes).empty());
        CHECK(has_code(without_nodes, diag::Code::EmptyGameTree));
        CHECK_FALSE(has_code(without_nodes, diag::Code::EmptyFile));
    }
    diag::DiagnosticList text;
    CHECK(parse_collection("\n  ; saved by a program; B[aa]", "x.sgf", text).empty());
    const auto* d = find_code(text, diag::Code::NoGameTree);
    REQUIRE(d != nullptr);
    CHECK(d->where == diag::SourceLocation{2, 3});
    CHECK(d->severity == diag::Severity::Error);
    for (const char* garbage :
         {")", ")))", ";", ";;", ";B", ";B ;W[aa]", "\x01\xFF;[", "[];B[aa]"}) {
        diag::DiagnosticList junk;
        CHECK(parse_collection(garbage, "g.sgf", junk).empty());
        CHECK(!junk.items.empty());
        CHECK(!has_code(junk, diag::Code::MissingOpenParen));
    }
    diag::DiagnosticList nuls;
    const std::string nul_bytes(100, '\0');
    CHECK(parse_collection(nul_bytes, "z.sgf", nuls).empty());
    CHECK(has_code(nuls, diag::Code::NoGameTree));
    diag::DiagnosticList hollow;
    CHECK(parse_collection("()", "h.sgf", hollow).empty());
    CHECK(has_code(hollow, diag::Code::EmptyGameTree));
}

TEST_CASE("junk between nodes and properties without values", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("(;GM[1] illegal_chars FF[4] XY ;B[aa])", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(trees[0].nodes.size() == 2);
    CHECK(trees[0].nodes[0].find("FF")->values[0] == "4");
    CHECK(has_code(diags, diag::Code::PropertyWithoutValue));
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
        CHECK(has_code(diags, diag::Code::MissingCloseParen));
    }
}

TEST_CASE("a file that starts with a node but lost its first paren", "[sgf]") {
    SECTION("main line only, as in Fox's Pro2 files") {
        diag::DiagnosticList diags;
        const auto trees =
            parse_collection("\n  ;GM[1]FF[4]  SZ[19]  ;B[pd];W[dd]  ;B[pp])\n", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        REQUIRE(diags.items.size() == 1);
        CHECK(diags.items[0].code == diag::Code::MissingOpenParen);
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
        CHECK(diags.items[0].code == diag::Code::MissingOpenParen);
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
        CHECK(has_code(diags, diag::Code::MissingOpenParen));
        CHECK(has_code(diags, diag::Code::MissingCloseParen));
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
            const auto trees =
                parse_collection(std::string_view(full).substr(0, n), "f.sgf", diags);
            CHECK((trees.size() == 1) == (n >= 4));  // from ";GM[" on, as "(;GM[" would be
            if (n != full.size()) CHECK(!diags.items.empty());
        }
    }
    SECTION("only the start of the file is repaired: a ';' after text stays text") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection("Saved by x\n;GM[1];B[aa])", "f.sgf", diags);
        CHECK(trees.empty());
        CHECK(has_code(diags, diag::Code::NoGameTree));
        CHECK(!has_code(diags, diag::Code::MissingOpenParen));
    }
}

TEST_CASE("a tree whose first node lacks its semicolon is read as if it had one", "[sgf]") {
    SECTION("the Nihon Kiin form: properties right after the '('") {
        diag::DiagnosticList diags;
        const auto trees =
            parse_collection("(\r\nTE[x]\r\nPB[A]\r\nGK[1]\r\n;B[pd];W[dp])\n", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        REQUIRE(diags.items.size() == 1);
        CHECK(diags.items[0].code == diag::Code::MissingSemicolon);
        CHECK(diags.items[0].where == diag::SourceLocation{2, 1});
        const auto& n = trees[0].nodes;
        REQUIRE(n.size() == 3);
        CHECK(n[0].find("PB")->values[0] == "A");
        CHECK(n[1].find("B")->values[0] == "pd");
        CHECK(n[2].find("W")->values[0] == "dp");
    }
    SECTION("prose in parentheses before a tree stays text") {
        diag::DiagnosticList diags;
        const auto trees = parse_collection("see (below)\n(;GM[1];B[pd])", "f.sgf", diags);
        REQUIRE(trees.size() == 1);
        CHECK(!has_code(diags, diag::Code::MissingSemicolon));
    }
}

TEST_CASE("the Nihon Kiin fixture is read with its players and moves", "[sgf][shared]") {
    const std::string path = JOSEKIC_SOURCE_DIR
        "/../shared/fixtures/sgf-edge-cases/SabakiHQ-sgf/tests/sgf/encoding/nihon-kiin.sgf";
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        WARN("skipped: " << path << " is not present");
        return;
    }
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    diag::DiagnosticList diags;
    const auto trees = parse_collection(bytes, path, diags);
    REQUIRE(trees.size() == 1);
    CHECK(!has_code(diags, diag::Code::NoGameTree));
    CHECK(trees[0].nodes.size() == 9);
    CHECK(trees[0].nodes[0].find("PB") != nullptr);
}

// The flat representation: values are views into the text or into blocks the tree owns.

static_assert(!std::is_copy_constructible_v<SgfTree> &&
              std::is_nothrow_move_constructible_v<SgfTree>);

namespace {
bool points_into(std::string_view value, std::string_view text) {
    return value.data() >= text.data() && value.data() + value.size() <= text.data() + text.size();
}
}  // namespace

TEST_CASE("plain values view the text, escaped ones are stored out of line", "[sgf]") {
    const std::string text = "(;PB[plain]C[a\\]b]PW[x\\\ny];B[pd])";
    diag::DiagnosticList diags;
    const auto trees = parse_collection(text, "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    const SgfNode& root = trees[0].nodes[0];
    CHECK(root.find("PB")->values[0] == "plain");
    CHECK(points_into(root.find("PB")->values[0], text));
    CHECK(points_into(root.find("PB")->id, text));
    CHECK(root.find("C")->values[0] == "a]b");
    CHECK(!points_into(root.find("C")->values[0], text));
    CHECK(root.find("PW")->values[0] == "xy");
    CHECK(!points_into(root.find("PW")->values[0], text));
    CHECK(root.find("PW")->value_at[0] == diag::SourceLocation{1, 22});
    CHECK(trees[0].nodes[1].find("B")->values[0] == "pd");
}

TEST_CASE("trees stay valid when the vector holding them moves", "[sgf]") {
    // Each tree has a plain value, an escaped value and a mixed-case identifier, so that
    // all three kinds of storage are checked after the moves.
    std::string text;
    for (int i = 0; i < 200; ++i) {
        text += "(;GaMe[1]C[game " + std::to_string(i) + " \\] end];B[pd]C[" + std::to_string(i) +
                "])\n";
    }
    diag::DiagnosticList diags;
    std::vector<SgfTree> trees = parse_collection(text, "t.sgf", diags);
    REQUIRE(trees.size() == 200);
    CHECK(diags.items.empty());
    std::vector<SgfTree> moved;  // grows from empty: reallocates many times
    for (SgfTree& tree : trees) moved.push_back(std::move(tree));
    trees.clear();
    trees.shrink_to_fit();
    SgfTree last;
    last = std::move(moved.back());
    moved.pop_back();
    moved.push_back(std::move(last));
    for (std::size_t i = 0; i < moved.size(); ++i) {
        INFO(i);
        const auto& nodes = moved[i].nodes;
        REQUIRE(nodes.size() == 2);
        CHECK(nodes[0].find("GM")->values[0] == "1");
        CHECK(nodes[0].find("C")->values[0] == "game " + std::to_string(i) + " ] end");
        CHECK(nodes[1].find("B")->values[0] == "pd");
        CHECK(nodes[1].find("C")->values[0] == std::to_string(i));
        CHECK(nodes[1].parent == 0);
        CHECK(moved[i].where == diag::SourceLocation{static_cast<int>(i) + 1, 1});
    }
}

TEST_CASE("long property identifiers", "[sgf]") {
    const std::string upper(300, 'Q');
    std::string mixed;
    for (int i = 0; i < 100; ++i) mixed += "Xyz";
    const std::string text =
        "(;" + upper + "[1]" + mixed + "[2]" + std::string(40, 'q') + "[3]B[aa])";
    diag::DiagnosticList diags;
    const auto trees = parse_collection(text, "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    const SgfNode& root = trees[0].nodes[0];
    REQUIRE(root.properties.size() == 3);
    CHECK(root.properties[0].id == upper);
    CHECK(root.properties[0].values[0] == "1");
    CHECK(root.properties[1].id == std::string(100, 'X'));
    CHECK(root.properties[1].values[0] == "2");
    CHECK(root.properties[2].id == "B");
    const auto* bad = find_code(diags, diag::Code::BadPropertyId);
    REQUIRE(bad != nullptr);
    CHECK(bad->message == "property '" + std::string(24, 'q') +
                              "...' has no capital letter, which every SGF property has; ignored");
}

TEST_CASE("a move spelled in lower case is named and said to be lost", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees = parse_collection("(;GM[1];b[pd];W[dd] c)", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    const auto* lost = find_code(diags, diag::Code::BadPropertyId);
    REQUIRE(lost != nullptr);
    CHECK(lost->message ==
          "property 'b' has no capital letter, which every SGF property has; ignored (a move "
          "is B[..] or W[..], in capitals: this one is not played)");
    // A lone stray letter is quoted as it is written, not as '?'.
    const auto* stray = find_code(diags, diag::Code::PropertyWithoutValue);
    REQUIRE(stray != nullptr);
    CHECK(stray->message == "property 'c' has no value; ignored");
}

TEST_CASE("properties after junk go back to their node even after variations", "[sgf]") {
    diag::DiagnosticList diags;
    const auto trees =
        parse_collection("(;GM[1]FF[4](;B[aa]C[x])% C[late]AB[cc][dd](;W[bb]))", "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    const auto& n = trees[0].nodes;
    REQUIRE(n.size() == 3);
    REQUIRE(n[0].properties.size() == 4);
    CHECK(n[0].properties[0].id == "GM");
    CHECK(n[0].properties[1].id == "FF");
    CHECK(n[0].properties[2].id == "C");
    CHECK(n[0].properties[2].values[0] == "late");
    CHECK(n[0].properties[3].values.size() == 2);
    CHECK(n[0].properties[3].values[1] == "dd");
    REQUIRE(n[1].properties.size() == 2);
    CHECK(n[1].find("B")->values[0] == "aa");
    CHECK(n[1].find("C")->values[0] == "x");
    CHECK(n[2].find("W")->values[0] == "bb");
    CHECK(n[0].first_child == 1);
    CHECK(n[1].next_sibling == 2);
    CHECK(has_code(diags, diag::Code::UnexpectedCharacter));
}

TEST_CASE("a tree with many nodes, variations and lines keeps every value and place", "[sgf]") {
    // 50,000 nodes, one per line: 25,000 moves, each the parent of the next and of a
    // one-move variation listed first ("(;B[..]\n(;W[..])\n(;B[..]...").
    std::string text = "(;GM[1]\n";
    for (int i = 0; i < 25000; ++i) {
        const char x = static_cast<char>('a' + i % 19);
        const char y = static_cast<char>('a' + (i / 19) % 19);
        text += std::string("(;B[") + x + y + "]\n(;W[" + y + x + "])\n";
    }
    text += std::string(25000, ')') + ")";
    diag::DiagnosticList diags;
    const auto trees = parse_collection(text, "many.sgf", diags);
    REQUIRE(trees.size() == 1);
    CHECK(diags.items.empty());
    const auto& n = trees[0].nodes;
    REQUIRE(n.size() == 50001);
    CHECK(n[0].first_child == 1);
    for (int i = 0; i < 25000; ++i) {
        const auto move = static_cast<SgfNodeId>(2 * i + 1);
        const SgfNodeId reply = move + 1;
        const char x = static_cast<char>('a' + i % 19);
        const char y = static_cast<char>('a' + (i / 19) % 19);
        const SgfProperty* b = n[move].find("B");
        REQUIRE(b != nullptr);
        CHECK(b->values[0] == std::string{x, y});
        CHECK(b->value_at[0] == diag::SourceLocation{2 * i + 2, 5});
        CHECK(n[move].parent == (i == 0 ? 0 : move - 2));
        CHECK(n[move].first_child == reply);
        CHECK(n[reply].find("W")->values[0] == std::string{y, x});
        CHECK(n[reply].where == diag::SourceLocation{2 * i + 3, 2});
        CHECK(n[reply].parent == move);
        CHECK(n[reply].next_sibling == (i + 1 < 25000 ? reply + 1 : kNoSgfNode));
    }
}

TEST_CASE("move nodes read in one step hold what the general reading gives", "[sgf]") {
    // Each node below starts with a move of two letters; what follows decides whether the
    // one-step reading may take the node whole (next node, variation, end) or must leave
    // the rest to the general loop (more values, more properties, space before them).
    diag::DiagnosticList diags;
    const auto trees = parse_collection(
        "(;GM[1];B[pd];W[dd][ee];B[qq]W[cc];W[dp] C[note];B[pp]  (;W[qd]  "
        ")(;W[dq]\n;B[tt];W[Pd];B[pd]",
        "t.sgf", diags);
    REQUIRE(trees.size() == 1);
    const auto& n = trees[0].nodes;
    REQUIRE(n.size() == 11);
    CHECK(n[1].properties.size() == 1);
    CHECK(n[1].find("B")->values[0] == "pd");
    CHECK(n[1].find("B")->where == diag::SourceLocation{1, 9});
    CHECK(n[1].find("B")->value_at[0] == diag::SourceLocation{1, 11});
    REQUIRE(n[2].find("W")->values.size() == 2);  // a second value: the general loop
    CHECK(n[2].find("W")->values[1] == "ee");
    CHECK(n[2].find("W")->value_at[1] == diag::SourceLocation{1, 21});
    REQUIRE(n[3].properties.size() == 2);  // two moves in one node stay in it
    CHECK(n[3].properties[1].id == "W");
    CHECK(n[3].properties[1].values[0] == "cc");
    REQUIRE(n[4].properties.size() == 2);  // a property after white space
    CHECK(n[4].find("C")->values[0] == "note");
    CHECK(n[5].find("B")->values[0] == "pp");
    CHECK(n[5].first_child == 6);
    CHECK(n[n[5].first_child].next_sibling == 7);
    CHECK(n[7].find("W")->values[0] == "dq");
    CHECK(n[8].find("B")->values[0] == "tt");  // not a point of the board: read as written
    CHECK(n[8].where == diag::SourceLocation{2, 1});
    CHECK(n[9].find("W")->values[0] == "Pd");
    CHECK(n[10].find("B")->values[0] == "pd");  // the last bytes of the file
    CHECK(n[10].find("B")->value_at[0] == diag::SourceLocation{2, 16});
    CHECK(has_code(diags, diag::Code::MissingCloseParen));
}
