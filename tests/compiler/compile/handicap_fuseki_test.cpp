// --fuseki-handicap: one tree per canonical setup, so that a 2-stone and a 9-stone game never
// share a path or a count.

#include <catch2/catch.hpp>

#include "tests/support/temp_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/compile/compile_job.hpp"
#include "core/diag/diagnostic.hpp"
#include "emit/dictionary_reader.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

go::Point at(const char* sgf) {
    return *go::point_from_sgf(sgf);
}

// Two 2-stone games, their setups mirror images of each other, and one 9-stone game; all
// start with White's move at the same point.
fs::path write_handicap_games() {
    const fs::path dir = test_support::fresh_scratch_dir("handicap-fuseki-in");
    const char* games[] = {
        "(;GM[1]FF[4]SZ[19]HA[2]AB[pd][dp]RE[W+R];W[dd];B[pp];W[qf])",
        "(;GM[1]FF[4]SZ[19]HA[2]AB[dd][pp]RE[B+R];W[dp];B[pd];W[nc])",
        "(;GM[1]FF[4]SZ[19]HA[9]AB[dd][jd][pd][dj][jj][pj][dp][jp][pp]RE[B+R];W[qc];B[pc])",
        "(;GM[1]FF[4]SZ[19]RE[B+R];B[pd];W[dd])",
    };
    int i = 0;
    for (const char* game : games)
        std::ofstream(dir / ("game-" + std::to_string(i++) + ".sgf"), std::ios::binary) << game;
    return dir;
}

compile::CompileOptions handicap_options(const fs::path& in, const fs::path& out) {
    compile::CompileOptions options;
    options.inputs = {in.string()};
    options.output_dir = out.string();
    options.stream.threads = 1;
    options.stream.verbosity = pipeline::Verbosity::Quiet;
    options.stream.progress = pipeline::Progress::Off;
    static std::ostringstream discarded;
    options.stream.diagnostics_out = &discarded;
    options.handicap = compile::HandicapFuseki::SeparateTree;
    return options;
}

}  // namespace

TEST_CASE("each canonical handicap setup gets a tree of its own, with its stones at the root",
          "[compile]") {
    const fs::path out = test_support::fresh_scratch_dir("handicap-fuseki-out");
    compile::compile_collection(handicap_options(write_handicap_games(), out));

    diag::DiagnosticList sink;
    const auto trees = emit::read_dictionary_collection_file(out / "fuseki-handicap.sgf", sink);
    REQUIRE(sink.items.empty());
    REQUIRE(trees.has_value());
    REQUIRE(trees->size() == 2);
    // Most games first: the two 2-stone games, whose mirrored setups are one setup.
    const emit::ReadDictionary& two = (*trees)[0];
    CHECK(two.root.setup.black.size() == 2);
    CHECK(two.root.setup.white.empty());
    CHECK(two.trie.node(dictionary::kRoot).stats.count == 2);
    CHECK(two.root.name.ends_with(": 2 Black stones"));
    const emit::ReadDictionary& nine = (*trees)[1];
    CHECK(nine.root.setup.black.size() == 9);
    CHECK(nine.trie.node(dictionary::kRoot).stats.count == 1);
    // The stones are the canonical setup: both 2-stone games were turned into one frame, in
    // which their first moves are one move.
    REQUIRE(two.trie.sorted_children(dictionary::kRoot).size() == 1);
    CHECK(nine.trie.sorted_children(dictionary::kRoot).size() == 1);
    const auto& black = two.root.setup.black;
    CHECK(std::find(black.begin(), black.end(), at("pd")) != black.end());
}
