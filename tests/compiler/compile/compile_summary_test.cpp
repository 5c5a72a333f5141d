#include <catch2/catch.hpp>

#include "compiler/compile/compile_summary.hpp"

using namespace josekic;

TEST_CASE("the compile summary names games read, used and skipped, each file and the report",
          "[compile]") {
    compile::CompileResult result;
    result.run.games_read = 28'422;
    result.run.files_read = 28'430;
    result.run.games_kept = 28'405;
    result.run.games_skipped = {{"duplicate", 14}, {"not-19x19", 3}};
    result.joseki_output.files = {{"out/joseki.sgf", 99'342'512, 373'507}};
    result.fuseki_output.files = {{"out/fuseki.sgf", 812, 20}};
    CHECK(compile::render_compile_summary(result, "out/report.txt") ==
          "read 28,422 games in 28,430 files; used 28,405, skipped 17 (14 duplicate, 3 "
          "not-19x19)\n"
          "wrote out/joseki.sgf: 373,507 nodes, 99,342 kB\n"
          "wrote out/fuseki.sgf: 20 nodes, 812 bytes\n"
          "report: out/report.txt\n");
}

TEST_CASE("the compile summary names the files that could not be read", "[compile]") {
    compile::CompileResult result;
    result.run.games_read = 2;
    result.run.games_kept = 2;
    result.run.files_read = 2;
    result.run.files_skipped = {{"a.sgf", "cannot-read", "cannot open"}};
    CHECK(compile::render_compile_summary(result, "report.txt") ==
          "read 2 games in 2 files (1 file not read); used 2, skipped 0\nreport: report.txt\n");
}
