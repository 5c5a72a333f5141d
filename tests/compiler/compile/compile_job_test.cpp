#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/dictionary_builder.hpp"
#include "compiler/compile/prune_job.hpp"
#include "core/diag/diagnostic.hpp"
#include "core/game/replay.hpp"
#include "core/sgf/game_reader.hpp"
#include "emit/dictionary_reader.hpp"
#include "trackers/zone.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

using josekic::test_support::slurp;

fs::path fresh_dir(const std::string& name) {
    return josekic::test_support::fresh_scratch_dir("compile-job-" + name);
}

// A handful of short games, written by the test: enough corner play for every tracker.
fs::path write_games(const std::string& name) {
    const fs::path dir = fresh_dir(name);
    const char* games[] = {
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Beta]DT[2001-03-04]RE[B+R];B[pd];W[dd];B[pq];W[dp];B[qk];W["
        "nc];B[pf];W[pb];"
        "B[qc];W[kc];B[fq];W[dn];B[cc];W[cd];B[dc];W[ec];B[eb];W[fc];B[fb])",
        "(;GM[1]FF[4]SZ[19]PB[Gamma]PW[Delta]DT[1999]RE[W+2.5];B[dp];W[pd];B[cd];W[qp];B[ec];W[ed];"
        "B[fd];W[ee];"
        "B[gc];W[nq];B[pj];W[jp];B[op];W[oq];B[nr];W[pq])",
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Gamma]DT[2010-05-06]RE[B+0.5];B[qd];W[dc];B[dp];W[pp];B[ce];"
        "W[ed];B[qn];"
        "W[np];B[qq];W[pq];B[qp];W[po];B[qo];W[pn])",
        // The first game again, rotated: a duplicate.
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Beta]DT[2001-03-04]RE[B+R];B[dd];W[dp];B[qd];W[pp];B[kc];W["
        "cf];B[fd];W[bd];"
        "B[cc];W[ci];B[qn];W[np];B[cq];W[dq];B[cp];W[co];B[bo];W[cn];B[bn])",
    };
    int i = 0;
    for (const char* game : games) {
        std::ofstream(dir / ("game-" + std::to_string(i++) + ".sgf"), std::ios::binary) << game;
    }
    return dir;
}

compile::CompileOptions options_for(const std::vector<std::string>& inputs, const fs::path& out,
                                    unsigned threads) {
    compile::CompileOptions options;
    options.inputs = inputs;
    options.output_dir = out.string();
    options.stream.threads = threads;
    options.stream.verbosity = pipeline::Verbosity::Quiet;
    options.stream.progress = pipeline::Progress::Off;
    static std::ostringstream discarded;  // diagnostics are not under test here
    options.stream.diagnostics_out = &discarded;
    return options;
}

void require_same_outputs(const fs::path& a, const fs::path& b) {
    for (const char* file : {"joseki.sgf", "fuseki.sgf", "report.txt"}) {
        INFO(file);
        REQUIRE(fs::exists(a / file));
        CHECK(slurp(a / file) == slurp(b / file));
    }
}

}  // namespace

TEST_CASE("compile output does not depend on the thread count", "[compile]") {
    const fs::path games = write_games("threads-in");
    const fs::path one = fresh_dir("threads-1");
    const fs::path two = fresh_dir("threads-2");
    compile::compile_collection(options_for({games.string()}, one, 1));
    const compile::CompileResult result =
        compile::compile_collection(options_for({games.string()}, two, 2));
    require_same_outputs(one, two);
    CHECK(result.run.games_kept == 3);
    CHECK(result.run.duplicates_dropped == 1);
    CHECK(result.joseki.sequences > 0);
}

TEST_CASE("compile output does not depend on the order of the inputs", "[compile]") {
    const fs::path games = write_games("order-in");
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(games)) files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<std::string> reversed(files.rbegin(), files.rend());
    const fs::path forward = fresh_dir("order-forward");
    const fs::path backward = fresh_dir("order-backward");
    compile::compile_collection(options_for(files, forward, 2));
    compile::compile_collection(options_for(reversed, backward, 2));
    require_same_outputs(forward, backward);
}

TEST_CASE("joseki.sgf read back has the statistics of the trie it was written from", "[compile]") {
    const fs::path games = write_games("readback-in");
    const fs::path out = fresh_dir("readback-out");
    compile::compile_collection(options_for({games.string()}, out, 2));

    // The same trie, built here directly from the games.
    compile::DictionaryBuilder builder(dictionary::TrieOptions{}, compile::HandicapFuseki::Exclude);
    for (const auto& entry :
         std::vector<fs::path>{games / "game-0.sgf", games / "game-1.sgf", games / "game-2.sgf"}) {
        diag::DiagnosticList problems;
        const std::string bytes = slurp(entry);
        for (const game::GameRecord& record :
             sgf::read_games(bytes, entry.string(), {}, problems)) {
            const game::ReplayResult replay = game::replay(record, problems);
            builder.add_game(record, compile::analyse_game(trackers::Zone::default_zone(), {}, {},
                                                           record, replay.legal_moves));
        }
    }

    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary_file(out / "joseki.sgf", problems);
    REQUIRE(read);
    CHECK(problems.items.empty());
    const dictionary::Trie& expected = builder.joseki();
    const dictionary::Trie& actual = read->trie;
    REQUIRE(actual.size() == expected.size());
    // Walk both tries in output order and compare every node.
    std::vector<std::pair<dictionary::NodeId, dictionary::NodeId>> stack{
        {dictionary::kRoot, dictionary::kRoot}};
    std::size_t compared = 0;
    while (!stack.empty()) {
        const auto [e, a] = stack.back();
        stack.pop_back();
        ++compared;
        CHECK(expected.node(e).move == actual.node(a).move);
        CHECK(expected.node(e).stats == actual.node(a).stats);
        const auto ec = expected.sorted_children(e);
        const auto ac = actual.sorted_children(a);
        REQUIRE(ec.size() == ac.size());
        for (std::size_t i = 0; i < ec.size(); ++i) stack.emplace_back(ec[i], ac[i]);
    }
    CHECK(compared == expected.size());
    CHECK(expected.node(dictionary::kRoot).stats.count == builder.joseki_counts().sequences);
}

TEST_CASE("the bundled samples and /usr/share/goban compile identically with 1 and 2 threads",
          "[compile][e2e]") {
    std::vector<std::string> inputs{std::string(JOSEKIC_SOURCE_DIR) + "/samples"};
    if (fs::exists("/usr/share/goban"))
        inputs.push_back("/usr/share/goban");
    else
        WARN("/usr/share/goban is absent (Debian package goban-original-games): samples only");
    const fs::path one = fresh_dir("samples-1");
    const fs::path two = fresh_dir("samples-2");
    const compile::CompileResult result = compile::compile_collection(options_for(inputs, one, 1));
    compile::compile_collection(options_for(inputs, two, 2));
    require_same_outputs(one, two);
    CHECK(result.run.games_kept > 0);
    CHECK(result.joseki_output.nodes > 1);
    CHECK(result.fuseki_output.nodes > 1);
}

TEST_CASE("the prune job writes a pruned copy, or nothing when a list cannot be read",
          "[compile]") {
    const fs::path games = write_games("prune-games");
    const fs::path out = fresh_dir("prune-out");
    compile::compile_collection(options_for({games.string()}, out, 1));
    compile::PruneJob job;
    job.dictionary = (out / "joseki.sgf").string();
    job.thresholds.min_count = 2;
    job.output = (out / "pruned.sgf").string();
    std::ostringstream summary;
    std::ostringstream messages;
    CHECK(compile::prune_dictionary(job, summary, messages) == compile::PruneOutcome::Written);
    CHECK(fs::exists(out / "pruned.sgf"));
    CHECK_THAT(summary.str(), Catch::Contains(" nodes -> " + job.output + ": "));

    job.list_files = {(out / "no-such-list.txt").string()};
    job.output = (out / "not-written.sgf").string();
    std::ostringstream refused;
    CHECK(compile::prune_dictionary(job, summary, refused) ==
          compile::PruneOutcome::NothingWritten);
    CHECK_THAT(refused.str(), Catch::EndsWith("josekic: nothing was written\n"));
    CHECK_FALSE(fs::exists(out / "not-written.sgf"));
}
