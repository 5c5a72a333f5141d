#include "cli/prune_command.hpp"

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "cli/output_options.hpp"
#include "cli/standard_streams.hpp"
#include "cli/threshold_options.hpp"
#include "compiler/compile/prune_job.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

namespace {

const char* const kPruneDescription =
    "Removes lines from a dictionary that josekic wrote earlier (joseki.sgf, fuseki.sgf,\n"
    "fuseki-handicap.sgf, pruned tree by tree, or one file of a --split dictionary). The\n"
    "statistics come from the file itself: no games are needed. DICT is never modified; the\n"
    "result goes to OUT (written atomically), and its root comment records the lists and\n"
    "thresholds applied. Pruning a compiled dictionary gives the same file as compiling with\n"
    "the same --prune lists. OUT fits the budget (--max-nodes, --max-bytes; --full for none)\n"
    "as compile's files do, so `prune DICT -o OUT` alone fits a --full dictionary to a viewer.\n"
    "\n"
    "A prune list is a text file (docs/pruning.md, \"Prune lists\") or a copy of the\n"
    "dictionary in which nodes were marked in an SGF editor as bad moves (BM) or with a\n"
    "comment line 'prune'.\n"
    "\n"
    "The lines left out stay in DICT's index (index.jki beside it), and OUT says so, when\n"
    "that index is DICT's own: a DICT whose root names another compile's index than the one\n"
    "beside it is refused.\n"
    "\n"
    "Exit status: 0 when OUT was written (or the dry run printed); 1 when DICT is not a\n"
    "josekic dictionary, the index beside it is not its own, a list is malformed or OUT\n"
    "cannot be written (nothing is written); 2 for a bad command line.";

}  // namespace

ExitStatus run_prune(const std::vector<std::string>& args) {
    const CommandHelp help{"prune", "josekic prune DICT.sgf [--list FILE]... -o OUT.sgf [options]",
                           kPruneDescription};
    std::string dictionary_path;
    std::vector<std::string> list_files;
    std::vector<std::string> reference_arguments;
    std::string output;
    bool dry_run = false;
    std::size_t max_games_listed = 5;
    ThresholdOptions threshold_options;
    po::options_description visible;
    visible.add_options()("list,l", po::value(&list_files)->value_name("FILE")->composing(),
                          "prune list to apply (repeatable)")(
        "output,o", po::value(&output)->value_name("OUT.sgf"),
        "where to write the pruned dictionary")("dry-run,n", po::bool_switch(&dry_run),
                                                "print what would be removed and write nothing")(
        "reference", po::value(&reference_arguments)->value_name("[NAME=]FILE")->composing(),
        "reference joseki dictionary (SGF file or directory) to cross-reference with (repeatable)")(
        "max-games-listed",
        number_value(&max_games_listed, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("N")
            ->default_value(max_games_listed),
        ("games listed where a line ends, " + std::string(kGameListOrder)).c_str());
    add_threshold_options(visible, threshold_options);
    po::options_description hidden;
    hidden.add_options()("input", po::value(&dictionary_path), "the dictionary to prune");
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("input", 1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    if (dictionary_path.empty()) throw UsageError(help.name, "give the dictionary to prune");
    // lookup, review and explore take a dictionary's directory; prune takes one of its files.
    if (std::filesystem::is_directory(dictionary_path)) {
        throw UsageError(help.name,
                         dictionary_path + " is a directory: give the dictionary file to prune (" +
                             (std::filesystem::path(dictionary_path) / "joseki.sgf").string() +
                             ", fuseki.sgf, ...)");
    }
    if (!dry_run && output.empty()) throw UsageError(help.name, "give -o OUT.sgf (or --dry-run)");
    if (!output.empty()) {
        check_output_file(help.name, "-o", output, {dictionary_path}, "the dictionary");
        check_output_file(help.name, "-o", output, list_files, "a prune list");
    }
    const prune::Thresholds thresholds = parse_thresholds(threshold_options, help.name);
    if (list_files.empty() && thresholds.none() && thresholds.budget.none() &&
        reference_arguments.empty()) {
        throw UsageError(help.name,
                         "give at least one --list, threshold or --reference (--full alone "
                         "leaves nothing to do)");
    }

    check_reference_arguments(reference_arguments, help.name);
    compile::PruneJob job;
    job.dictionary = dictionary_path;
    job.list_files = list_files;
    job.references = reference_arguments;
    job.thresholds = thresholds;
    job.output = output;
    job.run = dry_run ? compile::PruneRun::DryRun : compile::PruneRun::Write;
    job.max_games_listed = max_games_listed;
    std::ostream& summary = is_standard_output(output) ? std::cerr : std::cout;
    return compile::prune_dictionary(job, summary, std::cerr) == compile::PruneOutcome::Written
               ? ExitStatus::Ok
               : ExitStatus::Error;
}

}  // namespace josekic::cli
