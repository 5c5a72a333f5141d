#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/compile/dictionary_builder.hpp"
#include "compiler/compile/dictionary_output.hpp"
#include "compiler/compile/game_analysis.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/run_report.hpp"
#include "core/dictionary/eras.hpp"
#include "emit/dictionary_writer.hpp"
#include "emit/output_set.hpp"
#include "index/index_writer.hpp"
#include "prune/prune_list.hpp"
#include "prune/thresholds.hpp"
#include "reference/reference_index.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"
#include "trackers/zone.hpp"

namespace josekic::compile {

/// Whether compile writes DIR/index.jki (--no-index skips it).
enum class IndexOutput { Write, Skip };

/// Whether the index holds the corner patterns of every move (--patterns; index/corner_pattern).
enum class PatternOutput { Write, Skip };

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
    /// --prune FILE lists (text or viewer-marked SGF), read and in order: the command reads
    /// them first, so that a bad list is reported before a game is read.
    std::vector<prune::PruneList> prune_lists;
    prune::Thresholds thresholds;         ///< --min-count, --min-share, --max-depth, --max-children
    std::vector<std::string> references;  ///< --reference [NAME=]FILE|DIR, repeatable (joseki only)
    std::size_t max_games_listed = 5;
    Layout layout = Layout::SingleFile;
    IndexOutput index = IndexOutput::Write;
    PatternOutput patterns = PatternOutput::Skip;
    /// With the patterns: those of more occurrences than this get a stored summary
    /// (index/pattern_summary.hpp). The tests set it low.
    std::uint32_t pattern_summaries_above = index::kPatternSummariesAbove;
    /// --eras: the era boundaries of the "By era:" lines and the Trends; nullopt chooses them
    /// from the collection (dictionary::default_eras).
    std::optional<dictionary::Eras> eras;
    /// The options above that decide how the dictionary is written, as command-line arguments
    /// (cli/output_options.hpp): the index keeps them for `compile --update`.
    std::vector<std::string> output_arguments;
    /// Asked once the games are read: false when the run is to fail (--strict found
    /// something skipped), so that nothing is written. Unset: always write.
    std::function<bool(const pipeline::RunReport&)> keep_outputs;
};

/// Of a merge or an update, what takes the game stream's place (run.times.wall is then the
/// reading of the parts, games and trees).
struct MergeTimes {
    double trees = 0.0;      ///< the compiled parts' trees, read into the merged ones
    double new_games = 0.0;  ///< an update's new games: read, replayed and tracked first
};

/// Wall-clock seconds of the stages after the game stream (whose stages are in run.times;
/// each dictionary's own are in its DictionaryOutput).
struct CompileTimes {
    std::optional<MergeTimes> merge;  ///< set by merge and update
    double emit_wall = 0.0;    ///< every dictionary, built concurrently (graph + format + write)
    double index_build = 0.0;  ///< the index built into its temporary file, beside everything
                               ///< from the end of the stream (index_build.hpp)
    index::IndexTimes index_parts;  ///< of index_build
    double index_write = 0.0;  ///< waiting for the index once the dictionaries are written, then
                               ///< making it durable and renaming it into place
    double report = 0.0;       ///< report.txt
    double total_wall = 0.0;   ///< the whole compile_collection
};

/// What a compile run produced, for the report and the tests.
struct CompileResult {
    pipeline::RunReport run;
    JosekiCounts joseki;
    FusekiCounts fuseki;
    DictionaryOutput joseki_output;
    DictionaryOutput fuseki_output;
    std::optional<DictionaryOutput> handicap_fuseki_output;  ///< with --fuseki-handicap
    std::optional<DictionaryOutput> index_output;            ///< DIR/index.jki, unless --no-index
    std::vector<diag::Diagnostic> prune_diagnostics;         ///< prune entries that matched nothing
    std::vector<diag::Diagnostic> reference_diagnostics;     ///< problems in the reference files
    prune::Budget budget;     ///< what each SGF file had to fit (none: --full)
    std::string report_text;  ///< what report.txt holds
    CompileTimes times;       ///< machine-dependent; not in report_text
    /// False when CompileOptions::keep_outputs said not to write: DIR was left as it was.
    bool written = false;

    /// The dictionaries written, in report order: joseki, fuseki, handicap fuseki, index.
    std::vector<const DictionaryOutput*> outputs() const;
    std::vector<DictionaryOutput*> outputs();
};

/// Reads the inputs, builds the joseki and fuseki tries, prunes them with the lists and
/// thresholds, and writes DIR/joseki.sgf, DIR/fuseki.sgf (and DIR/fuseki-handicap.sgf under
/// --fuseki-handicap, the parts under --split), DIR/index.jki and DIR/report.txt as one set
/// (emit::OutputSet) that replaces DIR's previous set whole once everything is written, or
/// not at all. Throws std::runtime_error for a zone file that cannot be used or an output
/// that cannot be written; DIR then keeps its previous set.
CompileResult compile_collection(const CompileOptions& options);

/// Streams options.inputs (sorted) as compile reads them, filling `run`, and calls
/// `add(slot, analysis)` in input order for every game that is neither skipped nor a
/// duplicate: with its analysis for a kept game, with nullptr for one the filters removed.
void stream_collection(const CompileOptions& options, const trackers::Zone& zone,
                       const std::function<void(const pipeline::GameSlot&, GameAnalysis*)>& add,
                       pipeline::RunReport& run);

/// Everything after the games are in `builder` (finish_adding called), as compile does it:
/// the pruned copies, the dictionaries, the index (with the merge sections of `merge` when it
/// is set), report.txt, committed as one output set in options.output_dir. The one code path
/// of `compile` and `merge` (merge_job.hpp), so that both write the same bytes. `result.run`
/// holds the run report. `set` is the output set of options.output_dir, made (and DIR
/// locked) before the run read anything: a run that writes DIR while another reads it to
/// update it would otherwise lose the other's games.
void write_collection(const CompileOptions& options, const trackers::Zone& zone,
                      const std::vector<reference::ReferenceIndex>& references,
                      diag::DiagnosticList& reference_problems, DictionaryBuilder& builder,
                      const index::MergeInput* merge, emit::OutputSet& set, CompileResult& result);

}  // namespace josekic::compile
