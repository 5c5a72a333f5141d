#include <catch2/catch.hpp>

#include <string>

#include "compiler/compile/compile_timings.hpp"

using namespace josekic;

TEST_CASE("the timings of a compile show its stream's stages", "[compile][timings]") {
    compile::CompileResult result;
    result.run.times.threads = 2;
    result.run.times.wall = 1.5;
    result.run.times.parse = 0.25;
    const std::string text = compile::render_timings(result);
    CHECK_THAT(text, Catch::Contains("read+parse+track (stream)      1.500 s"));
    CHECK_THAT(text, Catch::Contains("parse (workers)              0.250 s"));
    CHECK_THAT(text, !Catch::Contains("trees"));
}

TEST_CASE("the timings of a merge show its parts' reading, and an update's new games",
          "[compile][timings]") {
    compile::CompileResult result;
    result.run.times.threads = 2;
    result.run.times.wall = 5.5;
    result.times.merge.emplace();
    result.times.merge->trees = 3.25;
    std::string text = compile::render_timings(result);
    CHECK_THAT(text, Catch::StartsWith("timings (wall clock; 2 threads)"));
    CHECK_THAT(text, Catch::Contains("read parts (games, trees)      5.500 s"));
    CHECK_THAT(text, Catch::Contains("compiled parts' trees        3.250 s"));
    CHECK_THAT(text, !Catch::Contains("parse"));
    CHECK_THAT(text, !Catch::Contains("new games"));
    result.times.merge->new_games = 0.75;
    text = compile::render_timings(result);
    CHECK_THAT(text, Catch::Contains("new games (stream)             0.750 s"));
}

TEST_CASE("the timings of a compile show the parts of its index build", "[compile][timings]") {
    compile::CompileResult result;
    result.index_output.emplace();
    result.times.index_build = 4.0;
    result.times.index_parts = {0.5, 1.5, 1.25, 0.75, 0.0};
    std::string text = compile::render_timings(result);
    CHECK_THAT(text, Catch::Contains("index build (beside)           4.000 s\n"
                                     "    games                        0.500 s\n"
                                     "    joseki tree                  1.500 s\n"
                                     "    fuseki tree                  1.250 s\n"
                                     "    position table               0.750 s\n"
                                     "    wait and write"));
    CHECK_THAT(text, !Catch::Contains("corner patterns"));
    result.times.index_parts.patterns = 2.0;
    text = compile::render_timings(result);
    CHECK_THAT(text, Catch::Contains("    corner patterns              2.000 s"));
}
