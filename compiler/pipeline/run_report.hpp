#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_filter.hpp"
#include "emit/json_text.hpp"

namespace josekic::pipeline {

/// A file (or directory, or archive) that was not read, and why.
struct SkippedFile {
    std::string path;
    diag::Code code;      ///< the diagnostic code, e.g. diag::Code::CannotRead
    std::string message;  ///< the diagnostic message
};

/// One file's size and the time its parse and replay took (seconds, on a worker thread).
struct FileMeasure {
    std::string path;
    std::uint64_t bytes = 0;
    double seconds = 0.0;
};

/// Wall-clock seconds by stage. parse/replay/analysis are summed over the worker threads,
/// so they can exceed `wall`.
struct StageTimes {
    double wall = 0.0;
    double parse = 0.0;
    double replay = 0.0;
    double analysis = 0.0;
    double consume = 0.0;
    unsigned threads = 0;
};

/// What a run read, skipped and found. Filled by stream_games; every count is independent
/// of the thread count, except `times` and `slowest_files`.
/// Invariant: games_read == games_kept + sum of games_skipped (duplicates included) +
/// filtered.games_removed.
struct RunReport {
    std::vector<std::string> inputs;  ///< as given on the command line
    std::uint64_t files_read = 0;     ///< files (and archive entries) whose bytes were read
    std::uint64_t bytes_read = 0;
    std::vector<SkippedFile> files_skipped;  ///< in walk order
    /// Dictionaries and indexes josekic wrote, found among the inputs and not read (an
    /// output directory inside an input directory): counted, never read as games.
    std::uint64_t josekic_files_skipped = 0;
    /// Command-line inputs that do not exist or could not be read (a fatal error).
    std::uint64_t inputs_missing = 0;
    std::uint64_t games_read = 0;  ///< games found in the files read
    std::uint64_t games_kept = 0;  ///< games handed to the consumer
    /// Skipped games by reason: "not-go", "not-19x19", "no-moves", "duplicate".
    std::map<std::string, std::uint64_t> games_skipped;
    std::uint64_t duplicates_dropped = 0;  ///< the same as games_skipped["duplicate"]
    game::GameFilter filter;               ///< the filters in force (StreamOptions::filter)
    game::FilterCounts filtered;           ///< the games they removed, and why
    std::uint64_t moves_replayed = 0;      ///< legal moves of the kept games
    /// Kept games whose replay stopped at an illegal move, by kind ("occupied-point",
    /// "suicide", "ko-recapture").
    std::map<std::string, std::uint64_t> games_cut;
    diag::DiagnosticCounts diagnostics;      ///< every diagnostic, printed or not (--quiet)
    std::vector<FileMeasure> largest_files;  ///< top 5 by bytes, ties by path
    std::vector<FileMeasure> slowest_files;  ///< top 5 by seconds, ties by path
    StageTimes times;

    /// True when the run cannot be trusted as a whole: a command-line input is missing.
    /// Unreadable files found while walking are reported but are not fatal.
    bool has_fatal_errors() const { return inputs_missing > 0; }
};

/// Whether a rendered report shows timings (wall times and the slowest files). Omitting
/// them makes two reports of the same input comparable byte for byte.
enum class Timings { Include, Omit };

/// One line per filter in force: "--since 2017: 12,345 games removed (10,000 older, 2,345
/// undated)", the reasons no game had left out. Empty without filters.
std::vector<std::string> filter_removal_lines(const game::GameFilter& filter,
                                              const game::FilterCounts& counts);

/// The report as aligned text for a terminal, ending in a newline.
std::string render_text(const RunReport& report, Timings timings);

/// The same report as one JSON object (schema: docs/json.md, "The run report").
emit::Json report_json(const RunReport& report, Timings timings);

/// report_json as `check --json` prints it: one member per line (emit::json_report_text).
std::string render_json(const RunReport& report, Timings timings);

}  // namespace josekic::pipeline
