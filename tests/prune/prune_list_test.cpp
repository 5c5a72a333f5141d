#include <catch2/catch.hpp>

#include "prune/list_file.hpp"
#include "prune/prune_list.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using josekic::prune::testing::moves;

namespace {
PruneList parse_ok(std::string_view text) {
    diag::DiagnosticList sink;
    auto list = parse_prune_list(text, "list.txt", sink);
    INFO((sink.items.empty() ? std::string() : diag::format(sink.items.front())));
    REQUIRE(list);
    REQUIRE(sink.items.empty());
    return *list;
}

diag::Diagnostic parse_error(std::string_view text) {
    diag::DiagnosticList sink;
    const auto list = parse_prune_list(text, "bad.txt", sink);
    CHECK_FALSE(list);
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].severity == diag::Severity::Error);
    return sink.items[0];
}
}  // namespace

TEST_CASE("a plain path alternates colours from Black", "[prune]") {
    const PruneList list = parse_ok("pc qe qd\n");
    REQUIRE(list.entries.size() == 1);
    const PruneEntry& e = list.entries[0];
    CHECK(e.path == moves({"pc", "qe", "qd"}));
    CHECK(e.action == EntryAction::Remove);
    CHECK(e.scope == Scope::Both);
    CHECK_FALSE(e.anywhere);
    CHECK(e.where == diag::SourceLocation{1, 1});
    CHECK(e.text == "pc qe qd");
}

TEST_CASE("comments, blank lines, trailing comments and CRLF", "[prune]") {
    const PruneList list =
        parse_ok("# silly lines\n\n   \r\n  pd qc   # trailing comment\r\n#pd\n");
    REQUIRE(list.entries.size() == 1);
    CHECK(list.entries[0].path == moves({"pd", "qc"}));
    CHECK(list.entries[0].where == diag::SourceLocation{4, 3});
    CHECK(list.entries[0].text == "pd qc");
}

TEST_CASE("tenuki, pass and tt are all a pass", "[prune]") {
    const PruneList list = parse_ok("pd tenuki qf\npd pass\npd tt\npd Tenuki\n");
    REQUIRE(list.entries.size() == 4);
    CHECK(list.entries[0].path == moves({"pd", "", "qf"}));
    CHECK(list.entries[1].path == moves({"pd", ""}));
    CHECK(list.entries[2].path == moves({"pd", ""}));
    CHECK(list.entries[3].path == moves({"pd", ""}));
}

TEST_CASE("explicit colours, glued or spaced, set the alternation", "[prune]") {
    const PruneList list = parse_ok("B[pc] W[qe]\nB[pd]W[]B[qf]\nW[pd] qf\nB[pd] W[tenuki]\n");
    REQUIRE(list.entries.size() == 4);
    CHECK(list.entries[0].path == moves({"pc", "qe"}));
    CHECK(list.entries[1].path == moves({"pd", "", "qf"}));
    CHECK(list.entries[2].path == moves({"pd", "qf"}, go::Color::White));
    CHECK(list.entries[3].path == moves({"pd", ""}));
}

TEST_CASE("scope prefixes and the keep action", "[prune]") {
    const PruneList list =
        parse_ok("joseki: pd qc\nfuseki:pd\nkeep pd nc\njoseki: keep pd\nremove qd\n");
    REQUIRE(list.entries.size() == 5);
    CHECK(list.entries[0].scope == Scope::Joseki);
    CHECK(list.entries[0].path == moves({"pd", "qc"}));
    CHECK(list.entries[1].scope == Scope::Fuseki);
    CHECK(list.entries[1].path == moves({"pd"}));
    CHECK(list.entries[2].action == EntryAction::Keep);
    CHECK(list.entries[2].scope == Scope::Both);
    CHECK(list.entries[3].action == EntryAction::Keep);
    CHECK(list.entries[3].scope == Scope::Joseki);
    CHECK(list.entries[4].action == EntryAction::Remove);
    CHECK(list.entries[4].path == moves({"qd"}));
}

TEST_CASE("the anywhere form: prefix ** move", "[prune]") {
    const PruneList list = parse_ok("pd ** tenuki\n** W[aa]\njoseki: pd qf ** nc\n");
    REQUIRE(list.entries.size() == 3);
    CHECK(list.entries[0].path == moves({"pd"}));
    REQUIRE(list.entries[0].anywhere);
    CHECK(*list.entries[0].anywhere == MovePattern{std::nullopt, std::nullopt});
    CHECK(list.entries[1].path.empty());
    CHECK(*list.entries[1].anywhere == MovePattern{go::point_from_sgf("aa"), go::Color::White});
    CHECK(list.entries[2].scope == Scope::Joseki);
    CHECK(*list.entries[2].anywhere == MovePattern{go::point_from_sgf("nc"), std::nullopt});
}

TEST_CASE("a malformed line is an error naming file, line and column", "[prune]") {
    SECTION("bad coordinate") {
        const auto d = parse_error("pd qc\n\npd zz qc\n");
        CHECK(d.path == "bad.txt");
        CHECK(d.where == diag::SourceLocation{3, 4});
        CHECK(d.code == diag::Code::PruneSyntax);
        CHECK(diag::format(d).starts_with("bad.txt:3:4: error: 'zz' is not a move"));
    }
    SECTION("upper-case coordinate") {
        CHECK(parse_error("PD\n").where == diag::SourceLocation{1, 1});
    }
    SECTION("missing bracket") {
        CHECK(parse_error("pd B[qc\n").where == diag::SourceLocation{1, 4});
    }
    SECTION("bad value in brackets") {
        CHECK(parse_error("B[pd] W[q]\n").where == diag::SourceLocation{1, 9});
    }
    SECTION("lower-case colour") {
        const auto d = parse_error("pd w[qc]\n");
        CHECK(d.where == diag::SourceLocation{1, 4});
        CHECK(diag::format(d).find("a colour is B or W, in upper case") != std::string::npos);
    }
    SECTION("stray bracket") {
        CHECK(parse_error("pd q]c\n").where == diag::SourceLocation{1, 5});
    }
    SECTION("scope not first") {
        CHECK(parse_error("pd joseki: qc\n").where == diag::SourceLocation{1, 4});
    }
    SECTION("unknown scope") {
        CHECK(parse_error("corner: pd\n").where == diag::SourceLocation{1, 1});
    }
    SECTION("keep after moves") {
        CHECK(parse_error("pd keep\n").where == diag::SourceLocation{1, 4});
    }
    SECTION("two stars") {
        CHECK(parse_error("pd ** qc ** qd\n").where == diag::SourceLocation{1, 10});
    }
    SECTION("nothing after stars") {
        CHECK(parse_error("pd **\n").where == diag::SourceLocation{1, 4});
    }
    SECTION("two moves after stars") {
        CHECK(parse_error("pd ** qc qd\n").where == diag::SourceLocation{1, 10});
    }
}

TEST_CASE("every bad line is reported, and nothing is returned", "[prune]") {
    diag::DiagnosticList sink;
    const auto list = parse_prune_list("pd\nxx\npd\nyy\n", "bad.txt", sink);
    CHECK_FALSE(list);
    REQUIRE(sink.items.size() == 2);
    CHECK(sink.items[0].where.line == 2);
    CHECK(sink.items[1].where.line == 4);
}

TEST_CASE("an entry that matches the root is refused", "[prune]") {
    for (const char* text : {"joseki:\n", "keep\n", "remove  # everything\n", "fuseki: keep\n"}) {
        INFO(text);
        const auto d = parse_error(text);
        CHECK(d.code == diag::Code::PruneRoot);
        CHECK(d.where.line == 1);
    }
}

TEST_CASE("a byte order mark is ignored but columns still count bytes", "[prune]") {
    const PruneList list = parse_ok("\xEF\xBB\xBFpd qc\n");
    REQUIRE(list.entries.size() == 1);
    CHECK(list.entries[0].path == moves({"pd", "qc"}));
    CHECK(list.entries[0].where == diag::SourceLocation{1, 4});
}

TEST_CASE("an SGF file is told from a text list by its first character", "[prune]") {
    CHECK(looks_like_sgf("(;GM[1])"));
    CHECK(looks_like_sgf("\n  \t(;GM[1])"));
    CHECK(looks_like_sgf("\xEF\xBB\xBF(;"));
    CHECK_FALSE(looks_like_sgf("# (;B[pd])\npd"));
    CHECK_FALSE(looks_like_sgf(""));
}

TEST_CASE("an unreadable list file is an error without a line", "[prune]") {
    diag::DiagnosticList sink;
    CHECK_FALSE(read_prune_list("/nonexistent/prune.txt", sink));
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].code == diag::Code::PruneIo);
    CHECK(sink.items[0].where.line == 0);
}
