#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/compile/dictionary_builder.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/run_report.hpp"
#include "emit/dictionary_writer.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"

namespace josekic::compile {

/// Whether each dictionary is one file or one file per first move (--split).
enum class Layout { SingleFile, SplitByFirstMove };

/// Everything `josekic compile` was asked to do.
struct CompileOptions {
    std::vector<std::string> inputs;   ///< files, directories, archives (sorted before reading)
    std::string output_dir;            ///< -o DIR
    pipeline::StreamOptions stream;
    std::string zones_file;            ///< --zones FILE; empty means the default zone
    trackers::TrackerOptions tracker;
    trackers::OpeningOptions opening;
    HandicapFuseki handicap = HandicapFuseki::Exclude;
    dictionary::TrieOptions trie;
    emit::SizeLimits limits;           ///< thresholds for the written dictionaries
    std::size_t max_games_listed = 5;
    Layout layout = Layout::SingleFile;
};

/// One file written by a compile run.
struct OutputFile {
    std::string path;
    std::uint64_t bytes = 0;
    std::size_t nodes = 0;
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
    std::vector<std::string> warnings;  ///< e.g. files too large for common viewers
    std::string report_text;            ///< what report.txt holds
};

/// Reads the inputs, builds the joseki and fuseki tries and writes DIR/joseki.sgf,
/// DIR/fuseki.sgf (and DIR/fuseki-handicap.sgf under --fuseki-handicap) and DIR/report.txt,
/// each atomically. Throws std::runtime_error for a zone file that cannot be used or an
/// output that cannot be written.
CompileResult run_compile(const CompileOptions& options);

}  // namespace josekic::compile
