#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "compiler/pipeline/run_report.hpp"
#include "compiler/pipeline/streamed_file.hpp"
#include "core/diag/diagnostic.hpp"
#include "core/game/game_filter.hpp"
#include "core/game/game_record.hpp"
#include "core/game/replay.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::pipeline {

/// Whether a game already read (in any file, in any of the 8 orientations) is read again.
enum class Duplicates { Drop, Keep };
/// Which diagnostics reach stderr (all of them are counted in the report either way):
/// Normal prints every error and the first few warnings of each code, then one line per
/// code with the number not shown; Quiet prints errors only; Verbose prints everything.
enum class Verbosity { Normal, Quiet, Verbose };
/// Auto draws a progress line on stderr when it is a terminal (and not Quiet).
enum class Progress { Auto, Off };

/// Turns one file's bytes into games; formats::read_record_games (SGF, GIB, NGF, UGF) unless a
/// test substitutes another.
using GameParser = std::function<std::vector<game::GameRecord>(
    std::string_view bytes, std::string_view path, const sgf::ReadOptions&, diag::DiagnosticSink&)>;

/// How stream_games reads and filters.
struct StreamOptions {
    /// Worker threads for parse, replay and analysis; 0 means the hardware concurrency.
    unsigned threads = 0;
    sgf::ReadOptions read;
    Duplicates duplicates = Duplicates::Drop;
    /// --since, --min-rank, --player, ...: a game that fails them is neither replayed nor
    /// analysed nor consumed, only counted. Duplicates are found before the filters (a game
    /// filtered out still makes a later copy of it a duplicate), so that a filtered run keeps
    /// exactly the games of an unfiltered one that pass: what `lookup` filters in the index.
    game::GameFilter filter;
    /// Called on the consuming thread, in input order, for every game that is neither skipped
    /// nor a duplicate (kept, or filtered out), before a kept game is consumed: what `merge`
    /// needs to count the game again (compiler/compile/merge_log.hpp).
    std::function<void(const GameSlot&)> on_unique_game;
    Verbosity verbosity = Verbosity::Normal;
    Progress progress = Progress::Auto;
    /// Where diagnostics are printed; nullptr means std::cerr.
    std::ostream* diagnostics_out = nullptr;
    /// When not empty, every diagnostic is also written to this file, one line each in
    /// input order, whatever `verbosity` says (written atomically when the stream ends).
    std::string diagnostics_file;
    /// Empty means formats::read_record_games.
    GameParser parser;
};

namespace detail {

/// The type-erased engine behind stream_games: `analyze_file` runs on worker threads for
/// every file (after parse and replay), `consume_game` on the calling thread for every
/// kept game in order.
void run_stream(const std::vector<std::string>& inputs, const StreamOptions& options,
                const std::function<void(StreamedFile&)>& analyze_file,
                const std::function<void(StreamedFile&, std::size_t game)>& consume_game,
                RunReport& report);

}  // namespace detail

/// Per-game work done on a worker thread, in any order: e.g. the corner trackers.
template <class Analysis>
using AnalyzeFn = std::function<Analysis(const game::GameRecord&, const game::ReplayResult&)>;

/// Per-game work done on the calling thread, strictly in input order (file order, then
/// game index), for kept games only: e.g. inserting into the tries.
template <class Analysis>
using ConsumeFn =
    std::function<void(const game::GameRecord&, const game::ReplayResult&, Analysis&&)>;

/// Reads every input (see input::walk_inputs), parses and replays every game on worker
/// threads, skips games that are not Go, not 19x19, without moves or (unless
/// options.duplicates is Keep) duplicates of a game read earlier (first in input order
/// wins), and games that fail options.filter; calls `analyze` for every game that is Go,
/// 19x19, with moves and passes options.filter on a worker thread and `consume` for every
/// kept game on the calling thread in input order.
/// Diagnostics are printed (diag::format) in input order and counted in `report`, which is
/// filled in. Results and printed diagnostics do not depend on options.threads.
/// Exceptions thrown by the callbacks stop the run and are rethrown here.
template <class Analysis>
void stream_games(const std::vector<std::string>& inputs, const StreamOptions& options,
                  AnalyzeFn<Analysis> analyze, ConsumeFn<Analysis> consume, RunReport& report) {
    using Results = std::vector<std::optional<Analysis>>;
    const auto analyze_file = [&](StreamedFile& file) {
        auto results = std::make_shared<Results>(file.games.size());
        for (std::size_t i = 0; i < file.games.size(); ++i) {
            const GameSlot& slot = file.games[i];
            if (!slot.skip_reason && !slot.filtered)
                (*results)[i].emplace(analyze(slot.record, slot.replay));
        }
        file.analyses = std::move(results);
    };
    const auto consume_game = [&](StreamedFile& file, std::size_t i) {
        auto& results = *static_cast<Results*>(file.analyses.get());
        consume(file.games[i].record, file.games[i].replay, std::move(*results[i]));
    };
    detail::run_stream(inputs, options, analyze_file, consume_game, report);
}

/// stream_games without a per-game analysis (e.g. `josekic check`).
inline void stream_games(
    const std::vector<std::string>& inputs, const StreamOptions& options,
    const std::function<void(const game::GameRecord&, const game::ReplayResult&)>& consume,
    RunReport& report) {
    stream_games<std::monostate>(
        inputs, options,
        [](const game::GameRecord&, const game::ReplayResult&) { return std::monostate{}; },
        [&](const game::GameRecord& record, const game::ReplayResult& replay, std::monostate&&) {
            if (consume) consume(record, replay);
        },
        report);
}

}  // namespace josekic::pipeline
