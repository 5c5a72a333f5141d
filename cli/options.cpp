#include "cli/options.hpp"

#include <iconv.h>

#include <iostream>
#include <set>

#include "core/input/walker.hpp"
#include "emit/atomic_file.hpp"
#include "emit/decimal_text.hpp"
#include "emit/output_set.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

ParseOutcome parse_command_line(const CommandHelp& help, po::options_description& options,
                                const po::positional_options_description& positional,
                                const std::vector<std::string>& args,
                                std::set<std::string>* given) {
    bool show_help = false;
    po::options_description all;
    all.add(options);
    all.add_options()("help,h", po::bool_switch(&show_help), "print this help and exit");
    po::variables_map values;
    try {
        po::store(po::command_line_parser(args).options(all).positional(positional).run(), values);
        // --help wins over every other problem (e.g. a missing INPUT), as users expect.
        if (values.count("help") != 0 && values["help"].as<bool>()) {
            std::cout << "usage: " << help.usage << "\n\n" << help.description << "\n\noptions:\n";
            // The positional arguments are in the usage line, not among the options; an option
            // without a description (an older spelling kept for a release) is not shown.
            std::set<std::string> positional_names;
            const unsigned positions = positional.max_total_count();
            for (unsigned i = 0; i < positions && i < 16; ++i)
                positional_names.insert(positional.name_for_position(i));
            po::options_description shown;
            for (const auto& option : options.options()) {
                if (!positional_names.contains(option->long_name()) &&
                    !option->description().empty())
                    shown.add(option);
            }
            shown.add_options()("help,h", "print this help and exit");
            std::cout << shown;
            return ParseOutcome::HelpShown;
        }
        po::notify(values);
        if (given != nullptr) {
            for (const auto& [name, value] : values)
                if (!value.defaulted()) given->insert(name);
        }
    } catch (const po::unknown_option& e) {
        const std::string said = help.elsewhere ? help.elsewhere(e.get_option_name()) : "";
        throw UsageError(help.name, std::string(e.what()) + (said.empty() ? "" : ": " + said));
    } catch (const po::error& e) {
        throw UsageError(help.name, e.what());
    }
    return ParseOutcome::Run;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
    const bool negative = text.starts_with('-');
    if (negative) text.remove_prefix(1);
    if (text.empty() || text.size() > 18) return std::nullopt;  // 18 digits fit an int64
    std::int64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return negative ? -value : value;
}

void add_input_options(po::options_description& visible, po::options_description& hidden,
                       InputOptions& bound) {
    visible.add_options()(
        "threads", number_value(&bound.threads, 0, kMaxThreads)->value_name("N")->default_value(0),
        "worker threads for reading and replaying (0: one per core; 1: everything on one thread); "
        "the output does not depend on it")(
        "charset", po::value(&bound.charset)->value_name("NAME"),
        "decode every file as NAME (e.g. GB18030, Shift_JIS, ISO-8859-1), ignoring CA")(
        "keep-duplicates", po::bool_switch(&bound.keep_duplicates),
        "read a game again when it was already read (also rotated or reflected, or in another "
        "file)")("quiet,q", po::bool_switch(&bound.quiet),
                 "no progress line and no warnings (errors are still printed)")(
        "verbose,v", po::bool_switch(&bound.verbose),
        "print every warning (by default the first 5 of each code, then how many more)")(
        "diagnostics", po::value(&bound.diagnostics_file)->value_name("FILE"),
        "also write every diagnostic to FILE, one per line (written atomically)")(
        "strict", po::bool_switch(&bound.strict),
        "exit 1 when anything was skipped: a file not read, an error in a file, a game not Go, "
        "not 19x19 or without moves (duplicates do not count)");
    hidden.add_options()("input", po::value(&bound.inputs)->composing(),
                         "input files, directories and archives");
}

pipeline::StreamOptions stream_options(const InputOptions& options, const std::string& command) {
    if (options.inputs.empty())
        throw UsageError(command, "no INPUT given (files, directories or archives of SGF games)");
    if (!options.charset.empty()) {
        // Refuse a charset iconv does not know now, rather than once per file later.
        const iconv_t probe = ::iconv_open("UTF-8", options.charset.c_str());
        if (probe == reinterpret_cast<iconv_t>(-1))
            throw UsageError(command, "unknown --charset '" + options.charset + "'");
        ::iconv_close(probe);
    }
    pipeline::StreamOptions stream;
    stream.threads = static_cast<unsigned>(options.threads);
    stream.read.forced_charset = options.charset;
    stream.duplicates =
        options.keep_duplicates ? pipeline::Duplicates::Keep : pipeline::Duplicates::Drop;
    if (options.quiet && options.verbose)
        throw UsageError(command, "--quiet and --verbose contradict each other");
    stream.verbosity = options.quiet     ? pipeline::Verbosity::Quiet
                       : options.verbose ? pipeline::Verbosity::Verbose
                                         : pipeline::Verbosity::Normal;
    if (!options.diagnostics_file.empty())
        check_output_file(command, "--diagnostics", options.diagnostics_file, options.inputs,
                          "a game record");
    stream.diagnostics_file = options.diagnostics_file;
    return stream;
}

void check_output_file(const std::string& command, const std::string& option,
                       const std::string& file, const std::vector<std::string>& inputs,
                       std::string_view inputs_are) {
    // The name given, and the file a write of it replaces (its links followed).
    const std::filesystem::path written = emit::file_written_for(file);
    for (const std::filesystem::path& path : {std::filesystem::path(file), written}) {
        const std::string replaced = input::input_replaced_by(path.string(), inputs);
        if (!replaced.empty())
            throw UsageError(command, option + " " + file + " would replace " +
                                          std::string(inputs_are) + " read from " + replaced +
                                          "; name another file");
        if (const std::optional<std::filesystem::path> dir = emit::set_holding(path)) {
            throw UsageError(command, option + " " + file + " is a file of the dictionary in " +
                                          dir->string() +
                                          ", which compile writes whole; name a file outside it");
        }
    }
}

namespace {

// What --strict counts as not read: files, errors, games (duplicates do not count).
struct NotRead {
    std::uint64_t files = 0;
    std::uint64_t errors = 0;
    std::uint64_t games = 0;
    bool any() const { return files != 0 || errors != 0 || games != 0; }
};

// Where a run that failed under --strict names what it skipped: the diagnostics, which say
// which file or game and why, on stderr (unless --quiet) and in --diagnostics FILE.
std::string where_skips_are_named(const InputOptions& options, ReportShown report_shown,
                                  std::uint64_t errors) {
    if (report_shown == ReportShown::Shown) return "see the report";
    if (!options.diagnostics_file.empty())
        return "every diagnostic is in " + options.diagnostics_file;
    if (options.quiet && errors == 0)
        return "--quiet left out the warnings that name them: run without it, or with "
               "--diagnostics FILE, to see every one";
    if (options.quiet)
        return "errors are above; --quiet left the warnings out: run without it, or with "
               "--diagnostics FILE, to see every one";
    // Past the first few of a code, the printer's "... and N more" line says how to see them.
    return "the diagnostics above say which";
}

NotRead not_read(const pipeline::RunReport& report) {
    NotRead counts{report.files_skipped.size(), report.diagnostics.errors, 0};
    for (const auto& [reason, count] : report.games_skipped) {
        if (reason != "duplicate") counts.games += count;
    }
    return counts;
}

}  // namespace

bool run_fails(const pipeline::RunReport& report, const InputOptions& options) {
    return report.has_fatal_errors() || (options.strict && not_read(report).any());
}

ExitStatus exit_status(const pipeline::RunReport& report, const InputOptions& options,
                       ReportShown report_shown) {
    if (report.has_fatal_errors()) return ExitStatus::Error;
    if (!options.strict) return ExitStatus::Ok;
    const auto [files, errors, games] = not_read(report);
    if (files == 0 && errors == 0 && games == 0) return ExitStatus::Ok;
    std::cerr << "josekic: --strict: not everything was read: " << emit::counted(files, "file")
              << " skipped, " << emit::counted(errors, "error") << ", "
              << emit::counted(games, "game") << " skipped ("
              << where_skips_are_named(options, report_shown, errors) << ")\n";
    return ExitStatus::Error;
}

}  // namespace josekic::cli
