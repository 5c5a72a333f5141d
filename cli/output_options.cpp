#include "cli/output_options.hpp"

#include <filesystem>
#include <iostream>
#include <map>

#include "cli/book_text.hpp"
#include "cli/options.hpp"
#include "cli/prune_lists.hpp"
#include "cli/recorded_output_options.hpp"
#include "compiler/compile/compile_summary.hpp"
#include "compiler/compile/compile_timings.hpp"
#include "core/diag/terminal_text.hpp"
#include "core/input/walker.hpp"
#include "emit/output_set.hpp"
#include "emit/set_files.hpp"
#include "reference/reference_index.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

void add_output_options(po::options_description& options, OutputOptions& bound) {
    options.add_options()(
        "reference", po::value(&bound.references)->value_name("[NAME=]FILE")->composing(),
        "reference joseki dictionary (SGF file or directory) to cross-reference with (repeatable)")(
        "prune", po::value(&bound.prune_files)->value_name("FILE")->composing(),
        "remove the lines a prune list names (repeatable; text list or viewer-marked SGF)")(
        "max-games-listed",
        number_value(&bound.max_games_listed, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("N")
            ->default_value(bound.max_games_listed),
        ("games listed where a line ends, " + std::string(kGameListOrder)).c_str())(
        "split", po::bool_switch(&bound.split),
        "instead of joseki.sgf and fuseki.sgf, write one file per first move (joseki-4-4.sgf, "
        "fuseki-4-4.sgf, ...) and their lists joseki-index.txt and fuseki-index.txt")(
        "eras",
        po::value(&bound.eras)->value_name("YEAR,...")->notifier([&bound](const std::string&) {
            bound.eras_given = true;
        }),
        "split the counts into eras starting at these years (\"2017\": before 2017 and from "
        "2017 on) for the \"By era:\" lines and report.txt's Trends; by default 2017 (the AI "
        "change) when 1,000 dated games or a tenth of them lie on each side, else the median "
        "year")("timings", po::bool_switch(&bound.timings),
                "print the time of each stage on stderr (never in report.txt)")(
        "output-as-given", po::bool_switch(&bound.as_given),
        "with --update, and in merge: write with the output options of this command line alone "
        "(the defaults for those it does not give), not with those the dictionary or the parts "
        "were written with (docs/merge.md)");
    add_threshold_options(options, bound.thresholds);
}

bool output_directory_writable(const std::string& dir) {
    try {
        emit::check_output_directory(dir);
        return true;
    } catch (const std::runtime_error& e) {
        std::cerr << "josekic: error: " << diag::terminal_lines(e.what())
                  << "\njosekic: nothing was written\n";
        return false;
    }
}

void check_reference_arguments(const std::vector<std::string>& arguments,
                               const std::string& command) {
    std::map<std::string, std::string> named;  // name -> the argument that gave it
    for (const std::string& argument : arguments) {
        if (std::string problem = reference::reference_spec_problem(argument); !problem.empty())
            throw UsageError(command, problem);
        // Two books of one name could not be told apart where their words are printed (the
        // shipped Pachi and Dagaz books are both "joseki" by their file names).
        const reference::ReferenceSpec spec = reference::parse_reference_spec(argument);
        if (const auto [earlier, fresh] = named.try_emplace(spec.name, argument); !fresh)
            throw UsageError(command, "two --reference books are named '" + spec.name + "' (" +
                                          earlier->second + " and " + argument +
                                          "): give each a name of its own, as NAME=FILE");
    }
}

bool apply_output_options(const OutputOptions& bound, const std::string& command,
                          compile::CompileOptions& options) {
    options.output_arguments = output_arguments(bound);
    options.thresholds = parse_thresholds(bound.thresholds, command);
    if (bound.eras_given) {
        options.eras = dictionary::parse_eras(bound.eras);
        if (!options.eras) {
            throw UsageError(command,
                             "--eras takes increasing years separated by commas (at most " +
                                 std::to_string(dictionary::Eras::kMaxEras - 1) + "), not '" +
                                 bound.eras + "'");
        }
    }
    check_reference_arguments(bound.references, command);
    options.references = bound.references;
    options.max_games_listed = bound.max_games_listed;
    options.layout = bound.split ? compile::Layout::SplitByFirstMove : compile::Layout::SingleFile;
    std::optional<std::vector<prune::PruneList>> prune_lists = read_prune_lists(bound.prune_files);
    if (!prune_lists) return false;
    options.prune_lists = std::move(*prune_lists);
    return true;
}

void warn_unless_in_compile_order(const pipeline::RunReport& run, const std::string& dir,
                                  const std::string& whose, const std::string& what_to_do) {
    if (input::sorted_inputs(run.inputs) == run.inputs) return;
    std::cerr << "josekic: warning: " << whose
              << " are not in the order compile reads inputs (by name): "
              << diag::terminal_text(dir) << " is not what `josekic compile` of them all writes; "
              << what_to_do << " (docs/merge.md)\n";
}

ExitStatus print_written(const compile::CompileResult& result,
                         const compile::CompileOptions& options, const OutputOptions& bound) {
    std::cout << compile::render_compile_summary(
        result, (std::filesystem::path(options.output_dir) / emit::kReportFile).string());
    std::cout.flush();
    print_book_problems(result.reference_diagnostics);
    for (const diag::Diagnostic& d : result.prune_diagnostics) std::cerr << diag::format(d) << "\n";
    for (const compile::DictionaryOutput* dictionary : result.outputs()) {
        for (const std::string& warning : dictionary->warnings)
            std::cerr << "josekic: warning: " << warning << "\n";
    }
    if (bound.timings) std::cerr << compile::render_timings(result);
    return diag::any_error(result.reference_diagnostics) ? ExitStatus::Error : ExitStatus::Ok;
}

}  // namespace josekic::cli
