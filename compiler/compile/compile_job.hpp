#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/compile/dictionary_builder.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/run_report.hpp"
#include "emit/dictionary_writer.hpp"
#include "prune/prune_list.hpp"
#include "prune/thresholds.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"

namespace josekic::compile {

/// Whether each dictionary is one file or one file per first move (--split).
enum class Layout { SingleFile, SplitByFirstMove };

/// Whether compile writes DIR/index.jki (--no-index skips it).
enum class IndexOutput { Write, Skip };

/// Everything `josekic compile` was asked to do.
struct CompileOptions {
    std::vector<std::string> inputs;  ///< files, directories, archives (sorted before reading)
    std::string output_dir;           ///< -o DIR
    pipeline::StreamOptions stream;
    std::string zones_file;  ///< --zones FILE; empty means the default zone
    trackers::TrackerOptions tracker;
    trackers::OpeningOptions opening;
    HandicapFuseki handicap = HandicapFuseki::Exclude;
    dictionary::TrieOptions trie;
    std::vector<std::string> prune_files;  ///< --prune FILE (text or viewer-marked SGF), in order
    prune::Thresholds thresholds;         ///< --min-count, --min-share, --max-depth, --max-children
    std::vector<std::string> references;  ///< --reference [NAME=]FILE|DIR, repeatable (joseki only)
    std::size_t max_games_listed = 5;
    Layout layout = Layout::SingleFile;
    IndexOutput index = IndexOutput::Write;
};

/// One file written by a compile run.
struct OutputFile {
    std::string path;
    std::uint64_t bytes = 0;
    std::size_t nodes = 0;
};

/// Wall-clock seconds spent on one dictionary after reading (for --timings only; never in
/// report.txt, which must not depend on the machine).
struct DictionaryTimes {
    double graph = 0.0;   ///< transposition graph (positions, classes)
    double format = 0.0;  ///< SGF text of the tree and its comments
    double write = 0.0;   ///< atomic file writes (temporary file, fsync, rename)
};

/// Wall-clock seconds of the stages after the game stream (whose stages are in run.times).
struct CompileTimes {
    DictionaryTimes joseki;
    DictionaryTimes fuseki;
    DictionaryTimes handicap_fuseki;
    double emit_wall = 0.0;   ///< every dictionary, built concurrently (graph + format + write)
    double report = 0.0;      ///< report.txt
    double total_wall = 0.0;  ///< the whole run_compile
};

/// What a compile run produced, for the report and the tests.
struct CompileResult {
    pipeline::RunReport run;
    JosekiCounts joseki;
    FusekiCounts fuseki;
    std::size_t joseki_nodes = 0;
    std::size_t joseki_terminals = 0;
    std::size_t joseki_transposition_classes = 0;
    std::size_t fuseki_nodes = 0;
    std::size_t fuseki_terminals = 0;
    std::size_t fuseki_transposition_classes = 0;
    std::vector<OutputFile> outputs;
    std::vector<std::string> warnings;                ///< e.g. files too large for common viewers
    std::vector<diag::Diagnostic> prune_diagnostics;  ///< prune entries that matched nothing
    std::vector<diag::Diagnostic> reference_diagnostics;  ///< problems in the reference files
    std::string report_text;                              ///< what report.txt holds
    CompileTimes times;                                   ///< machine-dependent; not in report_text
};

/// The stage times of a run as aligned text lines (for `josekic compile --timings` on stderr).
std::string render_timings(const CompileResult& result);

/// Reads the prune lists (a list that cannot be read or parsed is an error before anything
/// is read or written), then the inputs, builds the joseki and fuseki tries and writes
/// DIR/joseki.sgf, DIR/fuseki.sgf (and DIR/fuseki-handicap.sgf under --fuseki-handicap) and
/// DIR/report.txt, each atomically. Throws std::runtime_error for a zone file that cannot be used
/// or an output that cannot be written.
CompileResult run_compile(const CompileOptions& options);

}  // namespace josekic::compile
