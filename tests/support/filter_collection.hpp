#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "compiler/compile/compile_job.hpp"
#include "core/game/game_filter.hpp"
#include "tests/support/compiled_dictionary.hpp"

namespace josekic::test_support {

/// A hand-made collection whose games have known years, ranks, players and events, for the
/// filters: games 0..9 distinct, 10 a copy of game 2 (undated), 11 a copy of game 0 dated
/// 2018 (both dropped as duplicates, whatever the filters say).
inline std::vector<std::string> filter_games() {
    const std::vector<std::string> openings = [] {
        std::vector<std::string> moves;
        for (const std::string& game : handmade_games())
            moves.push_back(game.substr(game.find(";B[")));
        return moves;
    }();
    // Game i: opening i % 5; games 5..9 add one move of their own, so that all ten differ.
    const auto moves = [&](std::size_t i) {
        std::string m = openings[i % openings.size()];
        m.pop_back();  // ')'
        if (i >= 5) {
            const bool black_next = (std::count(m.begin(), m.end(), ';') % 2) == 0;
            m += std::string(black_next ? ";B[" : ";W[") + static_cast<char>('a' + i) + "s]";
        }
        return m + ")";
    };
    const auto game = [&](std::size_t i, const std::string& info) {
        return "(;GM[1]FF[4]SZ[19]" + info + moves(i);
    };
    return {
        game(0,
             "PB[Cho Chikun]PW[Kobayashi Koichi]BR[9p]WR[9p]DT[1986-05-01]EV[10th Kisei]RE[B+R]"),
        game(1, "PB[Cho, Chikun]PW[Otake Hideo]BR[9 dan]WR[9 dan]DT[1979]EV[Meijin]RE[W+2.5]"),
        game(2, "PB[ke jie]PW[Shin Jinseo]BR[P9段]WR[P9段]DT[2017-04-01]EV[Fox]RE[W+R]"),
        game(3, "PB[foxuser]PW[other]BR[9段]WR[8段]DT[2018-01-02]RE[B+R]"),
        game(4, "PB[Kid]PW[Teacher]BR[5k]WR[3k]RE[B+R]"),
        game(5, "PB[Alpha]PW[Beta]WR[9d]DT[2019]RE[B+3.5]"),
        game(6, "PB[Ichi]PW[Ni]BR[1級]WR[2급]DT[2016-12-31]RE[W+R]"),
        game(7, "PB[Seven]PW[Nine]BR[7d*]WR[9단]DT[2020]EV[Asian Cup]RE[B+R]"),
        game(8, "PB[Sakata Eio]PW[Rin Kaiho]BR[Meijin]WR[Honinbo]DT[1965]EV[Meijin title]RE[?]"),
        game(9, "PB[Chikun Cho]PW[Yoda Norimoto]BR[9d]WR[9d]DT[2017]RE[W+R]"),
        game(2, "PB[copy]PW[copy]BR[9p]WR[9p]RE[W+R]"),
        game(0, "PB[copy]PW[copy]BR[9p]WR[9p]DT[2018]RE[B+R]"),
    };
}

/// File `i` of a collection written by write_games.
inline std::string game_file_name(std::size_t i) {
    return "game-" + std::to_string(100 + i) + ".sgf";  // sorted as numbered
}

/// Writes each game to its own file in `dir` and returns `dir`.
inline std::filesystem::path write_games(const std::filesystem::path& dir,
                                         const std::vector<std::string>& games) {
    std::filesystem::create_directories(dir);
    for (std::size_t i = 0; i < games.size(); ++i)
        std::ofstream(dir / game_file_name(i), std::ios::binary) << games[i];
    return dir;
}

/// Compiles `inputs` into `out` with `filter`, one thread, diagnostics discarded.
inline compile::CompileResult compile_filtered(const std::vector<std::string>& inputs,
                                               const std::filesystem::path& out,
                                               const game::GameFilter& filter) {
    compile::CompileOptions options = quiet_compile_options(inputs, out);
    options.stream.filter = filter;
    return compile::compile_collection(options);
}

/// Writes filter_games() to `dir`/games and compiles them without a filter into `dir`/all.
/// Returns `dir`/games.
inline std::filesystem::path compile_filter_games(const std::filesystem::path& dir) {
    const std::filesystem::path in = write_games(dir / "games", filter_games());
    compile_filtered({in.string()}, dir / "all", {});
    return in;
}

}  // namespace josekic::test_support
