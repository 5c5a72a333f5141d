#include "cli/check_command.hpp"

#include <iostream>

#include "cli/filter_options.hpp"
#include "cli/options.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/run_report.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

ExitStatus run_check(const std::vector<std::string>& args) {
    const CommandHelp help{
        "check", "josekic check INPUT... [options]",
        "Reads every game of the INPUTs: game records (SGF .sgf/.mgt, Tygem .gib, WBaduk .ngf,\n"
        "PandaNet .ugf/.ugi), directories searched recursively for them in any letter case,\n"
        ".zip/.7z/.tar/.tar.gz/.tgz/.tar.bz2/.tar.xz archives read in place, split archives\n"
        "through their first volume (x.7z.001), records compressed alone (.sgf.gz/.xz/.bz2);\n"
        "a file's content decides over its name. Replays each game's main line on a 19x19\n"
        "board and prints a report on stdout:\n"
        "files read and skipped, games read, kept and skipped by reason (not Go, not 19x19, no\n"
        "moves, duplicate), moves, illegal moves, diagnostics by code, the largest and slowest\n"
        "files. Diagnostics (path:line:col: severity: message [code]) go to stderr in input "
        "order:\n"
        "every error, and the first 5 warnings of each code followed by one line per code with\n"
        "the number left (all of them with --verbose, or in a file with --diagnostics).\n"
        "\n"
        "Exit status: 0 when the run completed, even if some files could not be read or some\n"
        "games were skipped (they are listed in the report), unless --strict; 1 when an INPUT\n"
        "does not exist, the run failed or, with --strict, something was skipped; 2 for a bad\n"
        "command line."};
    InputOptions input;
    FilterOptions filters;
    bool json = false;
    bool no_timings = false;
    po::options_description visible;
    po::options_description hidden;
    add_input_options(visible, hidden, input);
    visible.add_options()("json", po::bool_switch(&json), "print the report as JSON")(
        "no-timings", po::bool_switch(&no_timings),
        "leave times and the slowest files out of the report, so that reports compare byte for "
        "byte");
    add_filter_options(visible, filters);
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("input", -1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;

    pipeline::StreamOptions options = stream_options(input, help.name);
    options.filter = parse_filter(filters, help.name);
    pipeline::RunReport report;
    pipeline::stream_games(input.inputs, options, nullptr, report);

    const pipeline::Timings timings =
        no_timings ? pipeline::Timings::Omit : pipeline::Timings::Include;
    std::cout << (json ? pipeline::render_json(report, timings)
                       : pipeline::render_text(report, timings));
    std::cout.flush();
    return exit_status(report, input, ReportShown::Shown);
}

}  // namespace josekic::cli
