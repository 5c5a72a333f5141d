#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "compiler/pipeline/diagnostic_printer.hpp"

using namespace josekic;

namespace {

diag::Diagnostic diagnostic(diag::Severity severity, const std::string& code, int line) {
    return diag::Diagnostic{
        "games.sgf", {line, 1}, severity, code, "problem " + std::to_string(line)};
}

// Prints `warnings` warnings of code "a", 2 of code "b" and 7 errors of code "a", mixed,
// and returns what was printed.
std::string print_mix(pipeline::Verbosity verbosity, int warnings) {
    std::ostringstream out;
    pipeline::ProgressLine progress(pipeline::ProgressDisplay::None, out);
    pipeline::DiagnosticPrinter printer(verbosity, out, progress, "with --verbose");
    for (int i = 1; i <= warnings; ++i) {
        printer.print(diagnostic(diag::Severity::Warning, "a", i));
        if (i <= 2) printer.print(diagnostic(diag::Severity::Warning, "b", 100 + i));
        if (i <= 7) printer.print(diagnostic(diag::Severity::Error, "a", 200 + i));
    }
    printer.finish();
    return out.str();
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("the printer shows the first five warnings of a code and counts the rest", "[pipeline]") {
    const std::string out = print_mix(pipeline::Verbosity::Normal, 1234);
    CHECK(count_of(out, "warning: problem") == 5 + 2);
    CHECK(out.find("games.sgf:5:1: warning: problem 5 [a]") != std::string::npos);
    CHECK(out.find("games.sgf:6:1: warning") == std::string::npos);
    CHECK(out.find("games.sgf:102:1: warning: problem 102 [b]") != std::string::npos);
    // The last line, and the only one for code a's warnings not shown.
    CHECK(out.ends_with("... and 1,229 more [a]; all of them with --verbose\n"));
    CHECK(count_of(out, "more [") == 1);
}

TEST_CASE("the printer shows every error, however many there are of a code", "[pipeline]") {
    const std::string out = print_mix(pipeline::Verbosity::Normal, 20);
    CHECK(count_of(out, "error: problem") == 7);
    CHECK(out.find("games.sgf:207:1: error: problem 207 [a]") != std::string::npos);
}

TEST_CASE("verbose shows every warning and quiet none, both every error", "[pipeline]") {
    const std::string verbose = print_mix(pipeline::Verbosity::Verbose, 20);
    CHECK(count_of(verbose, "warning: problem") == 22);
    CHECK(count_of(verbose, "error: problem") == 7);
    CHECK(count_of(verbose, "more [") == 0);
    const std::string quiet = print_mix(pipeline::Verbosity::Quiet, 20);
    CHECK(count_of(quiet, "warning") == 0);
    CHECK(count_of(quiet, "error: problem") == 7);
    CHECK(count_of(quiet, "more [") == 0);
}

TEST_CASE("nothing is summed up when no warning was held back", "[pipeline]") {
    const std::string out = print_mix(pipeline::Verbosity::Normal, 5);
    CHECK(count_of(out, "warning: problem") == 7);
    CHECK(count_of(out, "more [") == 0);
}
