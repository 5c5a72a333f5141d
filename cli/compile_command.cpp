#include "cli/compile_command.hpp"

#include <filesystem>
#include <iostream>

#include "cli/filter_options.hpp"
#include "cli/options.hpp"
#include "cli/prune_lists.hpp"
#include "cli/threshold_options.hpp"
#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/compile_summary.hpp"
#include "compiler/compile/compile_timings.hpp"
#include "core/input/walker.hpp"
#include "emit/output_set.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

namespace {

const char* const kCompileDescription =
    "Reads every game of the INPUTs (as `josekic check` does), follows the four corners of\n"
    "each game with zone trackers, and writes into DIR:\n"
    "  joseki.sgf   corner sequences, normalised (first move Black, upper-right corner, upper\n"
    "               half), as a frequency-ordered SGF tree with statistics on every node;\n"
    "  fuseki.sgf   the first moves of every even game, normalised under the 8 symmetries;\n"
    "  report.txt   what was read, skipped and found;\n"
    "  index.jki    every line, for `josekic lookup` (unless --no-index).\n"
    "Each SGF file fits a viewer: at most 50,000 nodes and 10 MB unless --max-nodes,\n"
    "--max-bytes or --full say otherwise. When a dictionary is larger, its rarest lines are\n"
    "left out, as by the smallest --min-count that fits, and the file says so.\n"
    "On stdout it prints a summary: games read, used and skipped, the files written with\n"
    "their nodes, and where report.txt is. Diagnostics go to stderr as for `josekic check`.\n"
    "The files are one set, written into DIR/.josekic and swapped in whole at the end (the\n"
    "names in DIR are links into it): a run that fails or is interrupted leaves DIR's old\n"
    "set as it was, and a recompile removes the files of the old set the new one lacks.\n"
    "Dictionaries and indexes josekic wrote are never read as games (they are counted).\n"
    "The same inputs and options give byte-identical files, whatever the\n"
    "thread count or the order of the INPUTs (they are sorted before reading).\n"
    "\n"
    "--since, --until, --min-rank, --max-rank, --player and --event keep only the games that\n"
    "pass all of them (a game without a date, a rank, names or an event fails the filter that\n"
    "needs it); the dictionaries are then those of a collection of only those games, their\n"
    "root comments say which filters were in force, and report.txt how many games each removed\n"
    "and why. The index of an unfiltered compile answers the same filters in `josekic lookup`.\n"
    "\n"
    "Exit status: 0 when the dictionaries were written (unreadable files and skipped games\n"
    "are listed in the report), 1 when an INPUT does not exist or cannot be read, DIR\n"
    "cannot be written, a --prune list cannot be used, an output cannot be written or, with\n"
    "--strict, something was skipped: nothing is then written; 2 for a bad command line.";

}  // namespace

int run_compile(const std::vector<std::string>& args) {
    const CommandHelp help{"compile", "josekic compile INPUT... -o DIR [options]",
                           kCompileDescription};
    InputOptions input;
    compile::CompileOptions options;
    bool handicap = false;
    bool split = false;
    bool no_index = false;
    bool patterns = false;
    bool timings = false;
    ThresholdOptions thresholds;
    std::string eras;
    FilterOptions filters;
    std::vector<std::string> prune_files;
    po::options_description visible;
    po::options_description hidden;
    add_input_options(visible, hidden, input);
    visible.add_options()("output,o", po::value(&options.output_dir)->value_name("DIR")->required(),
                          "directory to write into (created if needed)")(
        "zones", po::value(&options.zones_file)->value_name("FILE"),
        "ASCII map of the upper-right zone (see `josekic zones`)")(
        "max-length",
        number_value(&options.tracker.max_length, std::size_t{0}, kMaxMovesOption)
            ->value_name("N")
            ->default_value(options.tracker.max_length),
        "longest corner sequence kept, tenuki included (0: no cap)")(
        "max-gap",
        number_value(&options.tracker.max_gap, std::size_t{0}, kMaxMovesOption)
            ->value_name("N")
            ->default_value(options.tracker.max_gap),
        "a corner's sequence ends when this many game moves in a row are played elsewhere (0: "
        "never)")("fuseki-moves",
                  number_value(&options.opening.max_moves, 1, static_cast<int>(kMaxMovesOption))
                      ->value_name("N")
                      ->default_value(options.opening.max_moves),
                  "moves of each game in the fuseki dictionary")(
        "fuseki-handicap", po::bool_switch(&handicap),
        "also write fuseki-handicap.sgf from handicap and setup games: one game tree per "
        "canonical setup, its stones at the root")(
        "reference", po::value(&options.references)->value_name("[NAME=]FILE")->composing(),
        "reference joseki dictionary (SGF file or directory) to cross-reference with (repeatable)")(
        "prune", po::value(&prune_files)->value_name("FILE")->composing(),
        "remove the lines a prune list names (repeatable; text list or viewer-marked SGF)")(
        "max-games-listed",
        number_value(&options.max_games_listed, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("N")
            ->default_value(options.max_games_listed),
        "games listed where a line ends, most recent first")(
        "split", po::bool_switch(&split),
        "write one file per first move (joseki-4-4.sgf, ...) and an index")(
        "no-index", po::bool_switch(&no_index),
        "do not write index.jki (the position index of `josekic lookup`)")(
        "patterns", po::bool_switch(&patterns),
        "also index the 7x7 corner pattern after every move, for `lookup --corner` "
        "(docs/patterns.md)")(
        "eras", po::value(&eras)->value_name("YEAR,..."),
        "split the counts into eras starting at these years (\"2017\": before 2017 and from "
        "2017 on) for the \"By era:\" lines and report.txt's Trends; by default 2017 (the AI "
        "change) when 1,000 dated games or a tenth of them lie on each side, else the median "
        "year")("timings", po::bool_switch(&timings),
                "print the time of each stage on stderr (never in report.txt)");
    add_threshold_options(visible, thresholds);
    add_filter_options(visible, filters);
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("input", -1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown) return 0;

    options.thresholds = parse_thresholds(thresholds, help.name);
    if (!eras.empty()) {
        options.eras = dictionary::parse_eras(eras);
        if (!options.eras) {
            throw UsageError(
                help.name, "--eras takes increasing years separated by commas (at most " +
                               std::to_string(dictionary::Eras::kMaxEras - 1) + "), not '" + eras +
                               "'");
        }
    }
    options.inputs = input.inputs;
    options.stream = stream_options(input, help.name);
    options.stream.filter = parse_filter(filters, help.name);
    options.handicap =
        handicap ? compile::HandicapFuseki::SeparateTree : compile::HandicapFuseki::Exclude;
    options.layout = split ? compile::Layout::SplitByFirstMove : compile::Layout::SingleFile;
    options.index = no_index ? compile::IndexOutput::Skip : compile::IndexOutput::Write;
    options.patterns = patterns ? compile::PatternOutput::Write : compile::PatternOutput::Skip;

    // Decided before anything is read: a run that cannot read an input or write DIR writes
    // nothing.
    const std::vector<diag::Diagnostic> unreadable = input::check_inputs(options.inputs);
    for (const diag::Diagnostic& d : unreadable) std::cerr << diag::format(d) << "\n";
    if (!unreadable.empty()) {
        std::cerr << "josekic: nothing was written\n";
        return 1;
    }
    emit::check_output_directory(options.output_dir);
    // `--diagnostics DIR/diagnostics.txt` (README) is written while the games are read, before
    // the set makes DIR: DIR is made for it. It is the user's file, not the set's.
    if (!input.diagnostics_file.empty()) {
        namespace fs = std::filesystem;
        std::error_code error;
        const fs::path log_dir =
            fs::weakly_canonical(fs::absolute(input.diagnostics_file, error), error).parent_path();
        const fs::path out_dir =
            fs::weakly_canonical(fs::absolute(options.output_dir, error), error);
        if (!error && log_dir == out_dir) fs::create_directories(out_dir, error);
    }
    options.keep_outputs = [&input](const pipeline::RunReport& run) {
        return !run_fails(run, input);
    };

    std::optional<std::vector<prune::PruneList>> prune_lists = read_prune_lists(prune_files);
    if (!prune_lists) {
        std::cerr << "josekic: nothing was written\n";
        return 1;
    }
    options.prune_lists = std::move(*prune_lists);

    const compile::CompileResult result = compile::compile_collection(options);
    if (!result.written) {
        const int status = exit_status(result.run, input);
        std::cerr << "josekic: nothing was written; " << options.output_dir
                  << " keeps what it held\n";
        return status;
    }
    std::cout << compile::render_compile_summary(
        result, (std::filesystem::path(options.output_dir) / "report.txt").string());
    std::cout.flush();
    for (const diag::Diagnostic& d : result.reference_diagnostics)
        std::cerr << diag::format(d) << "\n";
    for (const diag::Diagnostic& d : result.prune_diagnostics) std::cerr << diag::format(d) << "\n";
    for (const compile::DictionaryOutput* dictionary : result.outputs()) {
        for (const std::string& warning : dictionary->warnings)
            std::cerr << "josekic: warning: " << warning << "\n";
    }
    if (timings) std::cerr << compile::render_timings(result);
    return exit_status(result.run, input);
}

}  // namespace josekic::cli
