#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "compiler/pipeline/diagnostic_log.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using josekic::test_support::slurp;
using josekic::test_support::TempDir;

namespace {

diag::Diagnostic warning(int line) {
    return diag::Diagnostic{"a.sgf", {line, 2}, diag::Severity::Warning, "w", "text"};
}

}  // namespace

TEST_CASE("the diagnostics file holds every diagnostic, one line each, in order", "[pipeline]") {
    const TempDir dir;
    const std::string path = (dir.path() / "diagnostics.txt").string();
    pipeline::DiagnosticLog log(path);
    std::string expected;
    for (int line = 1; line <= 20000; ++line) {  // more than one piece of the file
        log.add(warning(line));
        expected += "a.sgf:" + std::to_string(line) + ":2: warning: text [w]\n";
    }
    log.commit();
    CHECK(slurp(path) == expected);
    CHECK(dir.entries() == 1);  // no temporary file left
}

TEST_CASE("a diagnostics file not committed keeps the old file and leaves no temporary",
          "[pipeline]") {
    const TempDir dir;
    const std::string path = dir.write("diagnostics.txt", "old\n");
    {
        pipeline::DiagnosticLog log(path);
        log.add(warning(1));
    }
    CHECK(slurp(path) == "old\n");
    CHECK(dir.entries() == 1);
}

TEST_CASE("a diagnostics file that cannot be created is an error at once", "[pipeline]") {
    const TempDir dir;
    CHECK_THROWS_AS(pipeline::DiagnosticLog((dir.path() / "missing" / "d.txt").string()),
                    std::runtime_error);
}
