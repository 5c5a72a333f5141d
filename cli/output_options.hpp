#pragma once

#include <boost/program_options.hpp>
#include <set>
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

/// The options of `bound` that differ from their defaults, as command-line arguments in the
/// order of the help (--timings left out: it writes nothing): what the index keeps, so that
/// `compile --update` writes the dictionary as it was written. A book is "NAME=PATH" and a
/// prune list PATH, PATH absolute: the update may run in another directory.
std::vector<std::string> output_arguments(const OutputOptions& bound);

/// `output` (the options of an update's command line, `given` naming those it gave) with the
/// dictionary's values, from the `recorded` arguments of its index, for those it left out.
/// Throws std::runtime_error naming `dir` for recorded arguments this josekic cannot read.
OutputOptions with_recorded_output_options(const OutputOptions& output,
                                           const std::set<std::string>& given,
                                           const std::vector<std::string>& recorded,
                                           const std::string& dir);

/// The output options of `compile OPTIONS --update DIR`: `output`, with DIR's (its index keeps
/// them) for those the command line left out, so that DIR is written again as it was. An
/// index of a josekic that did not keep them gives `output`, as does a DIR that cannot be
/// opened (the update then says why). Throws std::runtime_error for a book or prune list of
/// DIR's that cannot be read now, saying what to give instead.
OutputOptions update_output_options(const OutputOptions& output, const std::set<std::string>& given,
                                    const std::string& dir);

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
