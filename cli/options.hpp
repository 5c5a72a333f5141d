#pragma once

#include <boost/optional.hpp>
#include <boost/program_options.hpp>

#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/exit_status.hpp"
#include "compiler/pipeline/game_stream.hpp"

namespace josekic::cli {

/// A bad command line. cli::run prints "josekic: <what>", a hint to the command's help,
/// and exits with ExitStatus::Usage.
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
    /// What an option another command takes means here ("--min-rank" -> "merge takes the
    /// filters from the parts ..."), added to "unrecognised option"; empty for none.
    std::function<std::string(const std::string& option)> elsewhere = {};
};

/// Whether parse_command_line printed help (the handler then returns Ok) or the command runs.
enum class ParseOutcome { Run, HelpShown };

/// Parses `args` into the variables bound in `options` (plus --help/-h, added here), with
/// `positional` naming the positional arguments. Prints help to stdout for --help; throws
/// UsageError for an unknown option, a missing value or a bad value. `given`, when not null,
/// receives the long names of the options the command line gave (not those left at their
/// default).
ParseOutcome parse_command_line(
    const CommandHelp& help, boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional,
    const std::vector<std::string>& args, std::set<std::string>* given = nullptr);

/// The whole number `text` as typed: digits only, with a leading '-' for a negative one;
/// nullopt for anything else (a sign-less wrap-around, blanks, "1e3", a number past int64).
std::optional<std::int64_t> whole_number(std::string_view text);

/// Program_options' value of a whole-number option, read strictly (whole_number) and in
/// [least, most]. Anything else, `--games -1` (which Boost's own conversion would wrap
/// around to 18446744073709551615) or `--since 17`, is a usage error naming the option:
/// "--games takes a whole number from 0 to 4294967295, not '-1'".
template <typename Target, typename Number>
class NumberValue : public boost::program_options::typed_value<Target> {
  public:
    NumberValue(Target* target, Number least, Number most)
        : boost::program_options::typed_value<Target>(target), least_(least), most_(most) {}

    void xparse(boost::any& store, const std::vector<std::string>& tokens) const override {
        namespace po = boost::program_options;
        po::validators::check_first_occurrence(store);
        const std::string& text = po::validators::get_single_string(tokens);
        const std::optional<std::int64_t> number = whole_number(text);
        if (!number || *number < static_cast<std::int64_t>(least_) ||
            *number > static_cast<std::int64_t>(most_)) {
            throw po::error_with_option_name("%canonical_option% takes a whole number from " +
                                             std::to_string(least_) + " to " +
                                             std::to_string(most_) + ", not '" + text + "'");
        }
        store = Target(static_cast<Number>(*number));
    }

  private:
    Number least_;
    Number most_;
};

/// The most worker threads --threads takes.
inline constexpr int kMaxThreads = 256;

/// The most any length in moves takes (--max-length, --fuseki-moves, --move, ...): far past
/// any game.
inline constexpr std::size_t kMaxMovesOption = 10000;

/// The most any count option takes (games, nodes, players: the index numbers games in 32
/// bits).
inline constexpr std::uint64_t kMaxCountOption = std::numeric_limits<std::uint32_t>::max();

/// The order of every list of games ("most recent first"), for the help of the options that
/// set its length. It is the order of the index's game table (GameTable::listed_before), so
/// it is said exactly: a date not written as ISO 8601 does not sort by date within its year.
inline constexpr std::string_view kGameListOrder =
    "most recent first: by year (undated games last), within a year by the date as written, "
    "compared as text (ISO dates in date order), then by file";

/// A range-checked whole-number option bound to `target` (see NumberValue), for every
/// numeric option of every command.
template <typename Number>
boost::program_options::typed_value<Number>* number_value(Number* target, Number least,
                                                          Number most) {
    return new NumberValue<Number, Number>(target, least, most);
}

/// The same for an option that may be absent.
template <typename Number>
boost::program_options::typed_value<boost::optional<Number>>* number_value(
    boost::optional<Number>* target, Number least, Number most) {
    return new NumberValue<boost::optional<Number>, Number>(target, least, most);
}

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

/// Checks the values (at least one input, a charset iconv knows, not
/// both --quiet and --verbose) and converts them; throws UsageError naming `command`.
pipeline::StreamOptions stream_options(const InputOptions& options, const std::string& command);

/// Refuses, with a UsageError of `command`, an output `file` given as `option` ("-o",
/// "--diagnostics") that would replace what the run reads or a dictionary's file: one of
/// `inputs` (the same file, or a game record in an input directory; `inputs_are` says what
/// they hold, "a game record"), or a file of a dictionary set (emit::set_holding), which
/// only compile, merge and --update write, whole.
void check_output_file(const std::string& command, const std::string& option,
                       const std::string& file, const std::vector<std::string>& inputs,
                       std::string_view inputs_are);

/// Whether the user has the run's report: `check` prints it and a compile writes report.txt,
/// but a compile that fails under --strict writes nothing. The --strict message points to
/// where the details are.
enum class ReportShown { Shown, NotWritten };

/// The exit status of a command that read games: Error when an INPUT is missing, or under
/// --strict when anything was skipped (a file not read, an error in a file, a game not Go,
/// not 19x19 or without moves; duplicates do not count), saying so on stderr, with where the
/// skipped files and games are named; else Ok.
ExitStatus exit_status(const pipeline::RunReport& report, const InputOptions& options,
                       ReportShown report_shown);

/// Whether exit_status will be Error for `report`, without saying anything: a run that will fail
/// asks this before it writes, so that it writes nothing.
bool run_fails(const pipeline::RunReport& report, const InputOptions& options);

}  // namespace josekic::cli
