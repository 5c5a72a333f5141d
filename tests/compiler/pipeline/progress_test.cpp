#include <catch2/catch.hpp>

#include <sstream>

#include "compiler/pipeline/progress.hpp"

using namespace josekic;
using pipeline::ProgressState;
using pipeline::render_progress;

TEST_CASE("the progress line shows a bar, the percentage, the rate and the time left",
          "[pipeline]") {
    const ProgressState state{12'800, 12'790, 45'000, 100'000, 1.5};
    CHECK(render_progress(state) ==
          "[#########-----------]  45%  12,790 games  8,526 games/s  0:02 left");
}

TEST_CASE("the time left reads as minutes or hours", "[pipeline]") {
    CHECK(render_progress({10, 10, 1, 100, 100.0}).ends_with("  2:45:00 left"));
    CHECK(render_progress({10, 10, 50, 100, 65.0}).ends_with("  1:05 left"));
}

TEST_CASE("the time left is not guessed in the first half second or before any byte",
          "[pipeline]") {
    CHECK(render_progress({1, 1, 500, 1000, 0.2}).find("left") == std::string::npos);
    CHECK(render_progress({0, 0, 0, 1000, 3.0}) ==
          "[--------------------]   0%  0 games  0 games/s");
}

TEST_CASE("a run past its estimated size stays below 100% until it ends", "[pipeline]") {
    const std::string line = render_progress({5, 5, 2000, 1000, 2.0});
    CHECK(line.rfind("[###################-]  99%", 0) == 0);
}

TEST_CASE("without a known total the line sweeps and counts", "[pipeline]") {
    CHECK(render_progress({3, 4, 0, 0, 0.25}) ==
          "[--#-----------------]  3 files  4 games  16 games/s");
    CHECK(render_progress({3, 4, 0, 0, 0.0}) == "[#-------------------]  3 files  4 games");
}

TEST_CASE("a line of a large run fits in 79 columns", "[pipeline]") {
    CHECK(render_progress({9'999'999, 9'999'999, 1, 3'000'000, 10.0}).size() <= 79);
    CHECK(render_progress({9'999'999, 9'999'999, 0, 0, 10.0}).size() <= 79);
}

TEST_CASE("a progress line that is not on a terminal writes nothing", "[pipeline]") {
    std::ostringstream out;
    {
        pipeline::ProgressLine line(pipeline::ProgressDisplay::None, out, 1000);
        line.update(1, 1, 10);
        line.clear();
    }
    CHECK(out.str().empty());
}
