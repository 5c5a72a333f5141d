#include "cli/compile_command.hpp"

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>

#include <boost/optional.hpp>

#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/options.hpp"
#include "cli/output_options.hpp"
#include "cli/recorded_output_options.hpp"
#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/compile_summary.hpp"
#include "compiler/compile/merge_job.hpp"
#include "core/diag/terminal_text.hpp"
#include "core/input/walker.hpp"
#include "emit/atomic_file.hpp"
#include "emit/decimal_text.hpp"
#include "emit/output_set.hpp"
#include "emit/set_files.hpp"
#include "trackers/cutoff.hpp"
#include "trackers/zone.hpp"

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

ExitStatus run_compile(const std::vector<std::string>& args) {
    const CommandHelp help{"compile", "josekic compile INPUT... (-o DIR | --update DIR) [options]",
                           kCompileDescription};
    InputOptions input;
    compile::CompileOptions options;
    bool handicap = false;
    bool no_index = false;
    std::string update_dir;
    OutputOptions output;
    std::string cutoff;
    bool patterns = false;
    boost::optional<std::uint32_t> summaries_above;
    FilterOptions filters;
    po::options_description visible;
    po::options_description hidden;
    add_input_options(visible, hidden, input);
    visible.add_options()("output,o", po::value(&options.output_dir)->value_name("DIR"),
                          "directory to write into (created if needed)")(
        "update", po::value(&update_dir)->value_name("DIR"),
        "add the games of the INPUTs to the dictionary in DIR (instead of -o): the result is "
        "that of compiling DIR's inputs and then these; games DIR has count as duplicates, and the "
        "options that shape the tries (--zones to --fuseki-handicap, --keep-duplicates, "
        "--charset, the filters) are DIR's unless given (docs/merge.md)")(
        "zones", po::value(&options.zones_file)->value_name("SHAPE|FILE"),
        ("the corner zone: a built-in shape (" + trackers::Zone::shape_names() +
         ") or an ASCII map of the upper-right zone (see `josekic zones`)")
            .c_str())(
        "cutoff", po::value(&cutoff)->value_name("NAME")->default_value("ring"),
        ("which stones belong to a corner and which end its sequence: " + trackers::cutoff_names() +
         " (docs/cutoff.md)")
            .c_str())("max-length",
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
        "no-index", po::bool_switch(&no_index),
        "do not write index.jki (the position index of `josekic lookup`)")(
        "patterns", po::bool_switch(&patterns),
        "also index the 7x7 corner pattern after every move, for `lookup --corner` "
        "(docs/patterns.md)")(
        "pattern-summaries", po::value(&summaries_above)->value_name("N"),
        (std::string("with --patterns: store what `lookup --corner` prints of each pattern of "
                     "more than N occurrences, read instead of its occurrences (default ") +
         std::to_string(index::kPatternSummariesAbove) + ")")
            .c_str());
    add_output_options(visible, output);
    add_filter_options(visible, filters);
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("input", -1);
    std::set<std::string> given;
    if (parse_command_line(help, all, positional, args, &given) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;

    if (update_dir.empty() == options.output_dir.empty())
        throw UsageError(help.name, "give either -o DIR or --update DIR");
    if (!update_dir.empty() && no_index)
        throw UsageError(help.name,
                         "--update keeps the index up to date: --no-index cannot go with it");
    if (!update_dir.empty() && patterns)
        throw UsageError(help.name,
                         "--update cannot add corner patterns yet (docs/merge.md): "
                         "compile every input with --patterns instead");
    // A dictionary's index named where its directory is meant (merge takes either): the
    // files are written into the directory, whose whole set the update replaces.
    namespace fs = std::filesystem;
    if (std::error_code error; !update_dir.empty() && fs::is_regular_file(update_dir, error) &&
                               fs::path(update_dir).filename() == emit::kIndexFile) {
        const fs::path parent = fs::path(update_dir).parent_path();
        throw UsageError(help.name, "--update takes the dictionary's directory (" +
                                        (parent.empty() ? std::string(".") : parent.string()) +
                                        "), not its " + std::string(emit::kIndexFile));
    }
    if (!update_dir.empty()) options.output_dir = update_dir;
    if (update_dir.empty() && output.as_given)
        throw UsageError(help.name,
                         "--output-as-given goes with --update (a compile with -o "
                         "is written with its own options anyway)");
    const std::optional<trackers::CutoffRule> rule = trackers::parse_cutoff(cutoff);
    if (!rule) {
        throw UsageError(help.name, "--cutoff takes one of " + trackers::cutoff_names() +
                                        " (N: a distance of 1 to " +
                                        std::to_string(trackers::kMaxLocalityDistance) +
                                        "), not '" + cutoff + "'");
    }
    options.tracker.cutoff = *rule;
    options.inputs = input.inputs;
    options.stream = stream_options(input, help.name);
    options.stream.filter = parse_filter(filters, help.name);
    options.handicap =
        handicap ? compile::HandicapFuseki::SeparateTree : compile::HandicapFuseki::Exclude;
    options.index = no_index ? compile::IndexOutput::Skip : compile::IndexOutput::Write;
    if (!update_dir.empty()) {
        // DIR is written again as it was, unless this command line says otherwise.
        try {
            output = dictionaries_output_options(output, given, {update_dir});
        } catch (const std::exception& e) {
            std::cerr << failed_run_text(e, update_dir, true);
            return ExitStatus::Error;
        }
    }
    if (!apply_output_options(output, help.name, options)) {
        std::cerr << "josekic: nothing was written\n";
        return ExitStatus::Error;
    }
    options.patterns = patterns ? compile::PatternOutput::Write : compile::PatternOutput::Skip;
    if (summaries_above) {
        if (!patterns) throw UsageError(help.name, "--pattern-summaries goes with --patterns");
        options.pattern_summaries_above = *summaries_above;
    }

    // `--diagnostics DIR/diagnostics.txt` (README) is written while the games are read, before
    // the set makes DIR: DIR is made for it. It is the user's file, not the set's, so it must
    // not take one of the set's names (the set would then refuse DIR, after the run).
    bool diagnostics_in_dir = false;
    if (!input.diagnostics_file.empty()) {
        std::error_code error;
        const fs::path log_file = fs::weakly_canonical(
            fs::absolute(emit::file_written_for(input.diagnostics_file), error), error);
        fs::path out_dir = fs::weakly_canonical(fs::absolute(options.output_dir, error), error);
        if (out_dir.filename().empty()) out_dir = out_dir.parent_path();  // "-o N/"
        diagnostics_in_dir = !error && log_file.parent_path() == out_dir;
        if (diagnostics_in_dir && emit::is_set_file_name(log_file.filename().string()))
            throw UsageError(help.name, "--diagnostics " + input.diagnostics_file +
                                            " is the name of a file of the dictionary in " +
                                            options.output_dir + "; name another file");
    }

    // Decided before anything is read: a run that cannot read an input or write DIR writes
    // nothing.
    const std::vector<diag::Diagnostic> unreadable = input::check_inputs(options.inputs);
    for (const diag::Diagnostic& d : unreadable) std::cerr << diag::format(d) << "\n";
    if (!unreadable.empty()) {
        std::cerr << "josekic: nothing was written\n";
        return ExitStatus::Error;
    }
    if (!output_directory_writable(options.output_dir)) return ExitStatus::Error;
    std::error_code absent;
    const bool dir_existed = fs::exists(options.output_dir, absent);
    if (diagnostics_in_dir) {
        std::error_code error;
        fs::create_directories(options.output_dir, error);
    }
    // A compile that used no game (an empty folder, a folder of other files, a mistyped
    // filter) would replace a dictionary with empty ones: DIR keeps it instead.
    const bool replaces_a_dictionary =
        update_dir.empty() &&
        emit::set_holding(fs::path(options.output_dir) / emit::kJosekiFile).has_value();
    bool used_no_game = false;
    options.keep_outputs = [&](const pipeline::RunReport& run) {
        if (run_fails(run, input)) return false;
        used_no_game = run.games_kept == 0;
        return !(used_no_game && replaces_a_dictionary);
    };

    // What the update takes from DIR: every option that shapes the tries left out here.
    const auto left_out = [&](const char* option) { return !given.contains(option); };
    const compile::OptionsLeftOut dictionary_options{
        .zones = left_out("zones"),
        .cutoff = left_out("cutoff"),
        .max_length = left_out("max-length"),
        .max_gap = left_out("max-gap"),
        .fuseki_moves = left_out("fuseki-moves"),
        .fuseki_handicap = left_out("fuseki-handicap"),
        .keep_duplicates = left_out("keep-duplicates"),
        .charset = left_out("charset"),
        .filters = options.stream.filter.empty(),
    };
    compile::MergeCounts update_counts;
    compile::CompileResult result;
    try {
        result = update_dir.empty()
                     ? compile::compile_collection(options)
                     : compile::update_collection(options, dictionary_options, update_counts);
    } catch (const std::exception& e) {
        std::cerr << failed_run_text(e, options.output_dir, dir_existed);
        return ExitStatus::Error;
    }
    if (!result.written && used_no_game) {
        std::cerr << "josekic: error: no game was used (" << compile::render_games_read(result.run)
                  << "): a compile of no games does not replace the dictionary in "
                  << diag::terminal_text(options.output_dir)
                  << " (check the inputs and the filters; to add games, use --update)\n";
    }
    if (!result.written) {
        const ExitStatus status = used_no_game
                                      ? ExitStatus::Error
                                      : exit_status(result.run, input, ReportShown::NotWritten);
        std::cerr << "josekic: "
                  << nothing_written_text(options.output_dir, dir_existed, input.diagnostics_file);
        return status;
    }
    if (!update_dir.empty()) {
        for (const std::string& again : update_counts.inputs_read_before) {
            std::cerr << "josekic: warning: " << diag::terminal_text(again)
                      << " was an input of the dictionary already: the games it held then were "
                         "read again and count as duplicates, and report.txt lists it twice; to "
                         "add a folder's new games, give only the new files (docs/merge.md)\n";
        }
        warn_unless_in_compile_order(
            result.run, update_dir, "the dictionary's inputs and the new ones",
            "an update adds the new games after the dictionary's (for what compile writes, "
            "compile them all)");
        std::cout << emit::with_thousands(update_counts.games_kept[1])
                  << (update_counts.games_kept[1] == 1 ? " new game, " : " new games, ")
                  << emit::with_thousands(update_counts.duplicates[1])
                  << " already in the dictionary\n";
    }
    const ExitStatus references_status = print_written(result, options, output);
    if (used_no_game && update_dir.empty())
        std::cerr << "josekic: warning: no game was used: the dictionaries are empty\n";
    const ExitStatus status = exit_status(result.run, input, ReportShown::Shown);
    return status == ExitStatus::Ok ? references_status : status;
}

}  // namespace josekic::cli
