#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "core/diag/code.hpp"
#include "core/diag/diagnostic.hpp"

using namespace josekic;

TEST_CASE("every diagnostic code has a distinct kebab-case name and a meaning", "[diag]") {
    std::set<std::string_view> seen;
    for (const diag::CodeInfo& row : diag::kCodes) {
        INFO(row.name);
        CHECK(seen.insert(row.name).second);
        CHECK(!row.meaning.empty());
        REQUIRE(!row.name.empty());
        CHECK(row.name.front() != '-');
        CHECK(row.name.back() != '-');
        for (char c : row.name)
            CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'));
    }
}

TEST_CASE("a diagnostic prints the name of its code in brackets", "[diag]") {
    const diag::Diagnostic d{
        "a.sgf", {3, 4}, diag::Severity::Warning, diag::Code::OccupiedPoint, "point is occupied"};
    CHECK(diag::format(d) == "a.sgf:3:4: warning: point is occupied [occupied-point]");
}

TEST_CASE("docs/diagnostics.md lists every code with its severity", "[diag]") {
    std::ifstream in(JOSEKIC_SOURCE_DIR "/docs/diagnostics.md");
    REQUIRE(in);
    std::string doc{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::erase(doc, '`');  // the document sets names and SGF in code type; the table does not
    for (const diag::CodeInfo& row : diag::kCodes) {
        INFO(row.name);
        const std::string severity =
            row.severity ? std::string(diag::name(*row.severity)) : "warning or error";
        const std::string table_row =
            "| " + std::string(row.name) + " | " + severity + " | " + std::string(row.meaning);
        CHECK(doc.find(table_row) != std::string::npos);
    }
}
