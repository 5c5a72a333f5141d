#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "cli/exit_status.hpp"
#include "cli/threshold_options.hpp"
#include "compiler/compile/compile_job.hpp"

namespace josekic::cli {

/// The options that decide how a dictionary is written, not which lines its tries hold:
/// shared by `compile` and `merge`, which write the same files the same way.
struct OutputOptions {
    std::vector<std::string> references;
    std::vector<std::string> prune_files;
    std::size_t max_games_listed = 5;
    bool split = false;
    std::string eras;
    bool eras_given = false;  ///< even empty: "--eras ''" is a mistake, not the default
    bool timings = false;
    /// --output-as-given: not the output options a dictionary to update (or the parts to
    /// merge) was written with (recorded_output_options.hpp), only these.
    bool as_given = false;
    ThresholdOptions thresholds;
};

/// Adds --reference, --prune, --max-games-listed, --split, --eras, --timings and the
/// thresholds, bound to `bound`.
void add_output_options(boost::program_options::options_description& options, OutputOptions& bound);

/// Whether a set of files can be written into `dir` (emit::check_output_directory); when it
/// cannot, says why and that nothing was written. Asked before anything is read.
bool output_directory_writable(const std::string& dir);

/// Checks that each --reference is NAME=FILE or FILE (throws UsageError naming `command`).
void check_reference_arguments(const std::vector<std::string>& arguments,
                               const std::string& command);

/// Checks them and sets them in `options` (throws UsageError naming `command`); reads the
/// prune lists, and returns false when one cannot be used (its problems are printed).
bool apply_output_options(const OutputOptions& bound, const std::string& command,
                          compile::CompileOptions& options);

/// Warns on stderr when `run`'s inputs are not in the order compile reads inputs (by name):
/// the parts of a merge, or a dictionary and the new games of an update, given in another
/// order read their games in another order, and DIR then differs from what `josekic compile`
/// of them all writes. `whose`: "the parts' inputs"; `what_to_do` ends the warning.
void warn_unless_in_compile_order(const pipeline::RunReport& run, const std::string& dir,
                                  const std::string& whose, const std::string& what_to_do);

/// Prints what a compile or merge wrote (the summary on stdout, reference and prune problems
/// and warnings on stderr, the timings when asked). Returns Error when a reference file had
/// an error (a part of the book was lost: docs/diagnostics.md), Ok otherwise.
ExitStatus print_written(const compile::CompileResult& result,
                         const compile::CompileOptions& options, const OutputOptions& bound);

}  // namespace josekic::cli
