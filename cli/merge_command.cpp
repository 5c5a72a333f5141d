#include "cli/merge_command.hpp"

#include <sys/resource.h>
#include <sys/stat.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "cli/error_text.hpp"
#include "cli/options.hpp"
#include "cli/output_options.hpp"
#include "cli/recorded_output_options.hpp"
#include "compiler/compile/merge_job.hpp"
#include "core/game/game_filter.hpp"
#include "core/input/walker.hpp"
#include "emit/decimal_text.hpp"
#include "index/dictionary_set.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

namespace {

const char* const kMergeDescription =
    "Combines dictionaries that `josekic compile` wrote (each PART a directory or its\n"
    "index.jki) into one in DIR: the same joseki.sgf, fuseki.sgf, index.jki and report.txt,\n"
    "byte for byte, as a compile of all their inputs, the PARTs' in the order given (give\n"
    "them in the order of their inputs' names, which compile sorts). A game in two parts\n"
    "counts once, as a duplicate of the first. The games are not read again: each part's\n"
    "index keeps what is needed. The options that shape the tries (--zones, --cutoff,\n"
    "--max-length, --max-gap, --fuseki-moves, --fuseki-handicap, --keep-duplicates, the\n"
    "filters, --charset) come from the parts and must be the same in all. How the result is\n"
    "written (thresholds, --prune, --reference, --split, ...) is the parts' when they were\n"
    "all written alike, but for the options given here.\n"
    "The files are written as one set, as compile writes them (docs/merge.md,\n"
    "docs/scale-out.md).\n"
    "\n"
    "Exit status: 0 when the dictionary was written, 1 when a PART cannot be read or merged or\n"
    "DIR cannot be written (nothing is then written), 2 for a bad command line.";

// Every part's index stays open until the merge ends: the limit of open files is raised to
// the hard limit where that is needed, and a merge of more parts than even that allows is
// refused before anything is read, with what to do instead.
bool open_files_allowed(std::size_t parts) {
    constexpr rlim_t kFilesBesideParts = 64;  // the output set, the logs, the standard streams
    const rlim_t needed = static_cast<rlim_t>(parts) + kFilesBesideParts;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= needed) return true;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed) {
        std::cerr << "josekic: error: a merge of " << emit::with_thousands(parts) << " parts keeps "
                  << emit::with_thousands(parts)
                  << " index files open, more than this process may open ("
                  << emit::with_thousands(limit.rlim_max)
                  << " files, ulimit -Hn): merge them in groups, then the groups' results (a "
                     "tree of merges, docs/scale-out.md); nothing was written\n";
        return false;
    }
    limit.rlim_cur = needed;
    ::setrlimit(RLIMIT_NOFILE, &limit);
    return true;
}

// compile's options that shape the tries or choose the games: a merge takes them from the
// parts, and says so when one is given to it.
std::string taken_from_the_parts(const std::string& option) {
    static const std::set<std::string> shaping = {
        "--zones",        "--cutoff",          "--max-length",      "--max-gap",
        "--fuseki-moves", "--fuseki-handicap", "--keep-duplicates", "--charset"};
    bool filter = false;
    for (std::size_t k = 0; k < game::kFilterKindCount; ++k)
        filter = filter ||
                 option ==
                     "--" + std::string(game::filter_option_name(static_cast<game::FilterKind>(k)));
    if (!filter && !shaping.contains(option)) return {};
    return "merge takes " + option +
           " from the parts, which must all have been compiled with "
           "the same (docs/merge.md)";
}

}  // namespace

ExitStatus run_merge(const std::vector<std::string>& args) {
    const CommandHelp help{"merge", "josekic merge PART... -o DIR [options]", kMergeDescription,
                           taken_from_the_parts};
    std::vector<std::string> parts;
    compile::MergeOptions merge;
    compile::CompileOptions& options = merge.output;
    int threads = 0;
    OutputOptions output;
    bool quiet = false;
    po::options_description visible;
    visible.add_options()("output,o", po::value(&options.output_dir)->value_name("DIR")->required(),
                          "directory to write into (created if needed)")(
        "threads", number_value(&threads, 0, kMaxThreads)->value_name("N")->default_value(0),
        "threads for writing the dictionaries (0: one per core); the output does not depend on "
        "it")("quiet,q", po::bool_switch(&quiet),
              "no line for each part (warnings and errors are still printed)");
    add_output_options(visible, output);
    po::options_description hidden;
    hidden.add_options()("part", po::value(&parts)->composing());
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("part", -1);
    std::set<std::string> given;
    if (parse_command_line(help, all, positional, args, &given) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    if (parts.empty()) throw UsageError(help.name, "give at least one PART to merge");
    // The same index named twice (by two spellings, or a directory and its index.jki) would
    // count the second's games as duplicates of the first's, where compile reads a
    // directory given twice once: refused, rather than merged into neither.
    std::map<std::pair<dev_t, ino_t>, std::string> seen;
    for (const std::string& part : parts) {
        struct stat info {};
        if (::stat(index::index_path(part).c_str(), &info) != 0) continue;  // the open says why
        const auto [earlier, fresh] = seen.try_emplace({info.st_dev, info.st_ino}, part);
        if (!fresh)
            throw UsageError(help.name, part + " is the same dictionary as " + earlier->second +
                                            ": give each PART once");
    }
    if (!open_files_allowed(parts.size())) return ExitStatus::Error;
    options.stream.threads = static_cast<unsigned>(threads);
    // Parts written alike are merged into a dictionary written so, unless said otherwise here.
    try {
        output = dictionaries_output_options(output, given, parts);
    } catch (const std::exception& e) {
        std::error_code absent;
        std::cerr << failed_run_text(e, options.output_dir,
                                     std::filesystem::exists(options.output_dir, absent));
        return ExitStatus::Error;
    }
    if (!apply_output_options(output, help.name, options)) {
        std::cerr << "josekic: nothing was written\n";
        return ExitStatus::Error;
    }
    if (!output_directory_writable(options.output_dir)) return ExitStatus::Error;
    std::error_code absent;
    const bool dir_existed = std::filesystem::exists(options.output_dir, absent);

    compile::MergeCounts counts;
    compile::CompileResult result;
    try {
        result = compile::merge_dictionaries(parts, merge, counts);
    } catch (const std::exception& e) {
        std::cerr << failed_run_text(e, options.output_dir, dir_existed);
        return ExitStatus::Error;
    }
    if (!quiet) {
        for (std::size_t p = 0; p < parts.size(); ++p) {
            std::cerr << parts[p] << ": " << emit::with_thousands(counts.games_kept[p])
                      << " games, " << emit::with_thousands(counts.duplicates[p])
                      << " already in an earlier part\n";
        }
    }
    warn_unless_in_compile_order(result.run, options.output_dir, "the parts' inputs",
                                 "give the parts in the order of their inputs' names");
    return print_written(result, options, output);
}

}  // namespace josekic::cli
