#pragma once

#include <boost/program_options.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/pipeline/game_stream.hpp"

namespace josekic::cli {

/// A bad command line. cli::run prints "josekic: <what>", a hint to the command's help,
/// and exits with 2.
class UsageError : public std::runtime_error {
  public:
    UsageError(std::string command, const std::string& what)
        : std::runtime_error(what), command_(std::move(command)) {}
    /// The subcommand whose help the hint points to ("" for the top level).
    const std::string& command() const { return command_; }

  private:
    std::string command_;
};

/// What a command's --help prints around Program_options' option list.
struct CommandHelp {
    std::string name;         ///< "check"
    std::string usage;        ///< "josekic check INPUT... [options]"
    std::string description;  ///< paragraphs after the usage line (behaviour, exit codes)
};

/// Whether parse_command_line printed help (the handler then returns 0) or the command runs.
enum class ParseOutcome { Run, HelpShown };

/// Parses `args` into the variables bound in `options` (plus --help/-h, added here), with
/// `positional` naming the positional arguments. Prints help to stdout for --help; throws
/// UsageError for an unknown option, a missing value or a bad value.
ParseOutcome parse_command_line(
    const CommandHelp& help, boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional,
    const std::vector<std::string>& args);

/// The options of every command that reads games (check, compile, ...), bound by
/// add_input_options.
struct InputOptions {
    std::vector<std::string> inputs;  ///< files, directories, archives
    int threads = 0;                  ///< --threads, 0 = hardware concurrency
    std::string charset;              ///< --charset, empty = CA or the fallback
    bool keep_duplicates = false;     ///< --keep-duplicates
    bool quiet = false;               ///< --quiet
    bool verbose = false;             ///< --verbose
    std::string diagnostics_file;     ///< --diagnostics FILE, empty = none
    bool strict = false;              ///< --strict
};

/// Adds --threads, --charset, --keep-duplicates, --quiet, --verbose, --diagnostics and
/// --strict (bound to `bound`) to `options`, and a hidden "input" option for the positional
/// INPUT... arguments.
void add_input_options(boost::program_options::options_description& visible,
                       boost::program_options::options_description& hidden, InputOptions& bound);

/// Checks the values (at least one input, --threads in 0..256, a charset iconv knows, not
/// both --quiet and --verbose) and converts them; throws UsageError naming `command`.
pipeline::StreamOptions stream_options(const InputOptions& options, const std::string& command);

/// The exit status of a command that read games: 1 when an INPUT is missing, or under
/// --strict when anything was skipped (a file not read, an error in a file, a game not Go,
/// not 19x19 or without moves; duplicates do not count), saying so on stderr; else 0.
int exit_status(const pipeline::RunReport& report, const InputOptions& options);

/// Whether exit_status will be 1 for `report`, without saying anything: a run that will fail
/// asks this before it writes, so that it writes nothing.
bool run_fails(const pipeline::RunReport& report, const InputOptions& options);

}  // namespace josekic::cli
