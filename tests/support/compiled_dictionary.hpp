#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/compile/compile_job.hpp"

namespace josekic::test_support {

/// A small hand-made collection: games sharing corner sequences and openings, two of them
/// reaching one whole-board position by different move orders (B pd, W dd, B pq, W dp and
/// B pq, W dd, B pd, W dp), a corner played with White first, a game without a date.
inline std::vector<std::string> handmade_games() {
    return {
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Beta]BR[9d]WR[8d]DT[2001-03-04]EV[Cup]RE[B+R]"
        ";B[pd];W[dd];B[pq];W[dp];B[qk];W[nc];B[pf];W[pb];B[qc];W[kc];B[fq];W[dn];B[cc];W[cd]"
        ";B[dc];W[ec];B[eb];W[fc];B[fb])",
        "(;GM[1]FF[4]SZ[19]PB[Gamma]PW[Delta]DT[1999]RE[W+2.5]"
        ";B[pq];W[dd];B[pd];W[dp];B[cd];W[ec];B[ed];W[fd];B[ee];W[gc];B[nq];W[pj]"
        ";B[jp];W[op];B[oq];W[nr];B[pq])",
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Gamma]DT[2010-05-06]RE[B+0.5];B[qd];W[dc];B[dp];W[pp]"
        ";B[ce];W[ed];B[qn];W[np];B[qq];W[pq];B[qp];W[po];B[qo];W[pn])",
        "(;GM[1]FF[4]SZ[19]PB[Eta]PW[Theta]RE[?];B[dd];W[pd];B[qc];W[pc];B[qd];W[qe]"
        ";B[re];W[qf];B[rf];W[qg];B[dp];W[pp])",
        "(;GM[1]FF[4]SZ[19]PB[Iota]PW[Kappa]DT[2015-01-02]RE[W+R];B[pd];W[dp];B[pp];W[dd]"
        ";B[fc];W[cf];B[qc];W[qd];B[pc];W[qf];B[pq])",
    };
}

/// The default options of a compile of `inputs` into `out` on one thread, diagnostics
/// discarded.
inline compile::CompileOptions quiet_compile_options(const std::vector<std::string>& inputs,
                                                     const std::filesystem::path& out) {
    compile::CompileOptions options;
    options.inputs = inputs;
    options.output_dir = out.string();
    options.stream.threads = 1;
    options.stream.verbosity = pipeline::Verbosity::Quiet;
    options.stream.progress = pipeline::Progress::Off;
    static std::ostringstream discarded;  // diagnostics are not under test here
    options.stream.diagnostics_out = &discarded;
    return options;
}

/// Compiles `inputs` into `dir`/dict (quiet_compile_options, changed by `adjust`, if given).
/// Returns the dictionary directory.
inline std::filesystem::path compile_inputs(
    const std::filesystem::path& dir, const std::vector<std::string>& inputs,
    const std::function<void(compile::CompileOptions&)>& adjust = {}) {
    compile::CompileOptions options = quiet_compile_options(inputs, dir / "dict");
    if (adjust) adjust(options);
    compile::compile_collection(options);
    return dir / "dict";
}

/// Compiles `games` (each written to its own file in `dir`/games) (see
/// compile_inputs).
inline std::filesystem::path compile_games(
    const std::filesystem::path& dir, const std::vector<std::string>& games,
    const std::function<void(compile::CompileOptions&)>& adjust = {}) {
    const std::filesystem::path in = dir / "games";
    std::filesystem::create_directories(in);
    for (std::size_t i = 0; i < games.size(); ++i)
        std::ofstream(in / ("game-" + std::to_string(i) + ".sgf"), std::ios::binary) << games[i];
    return compile_inputs(dir, {in.string()}, adjust);
}

}  // namespace josekic::test_support
