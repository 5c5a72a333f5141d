#pragma once

// The output options a dictionary's index keeps (its "output options" section): how it was
// written (thresholds, --split, books, ...), so that `compile --update` and `merge` write it
// again so without the user giving them again (docs/merge.md, "Output options").

#include <set>
#include <string>
#include <vector>

#include "cli/output_options.hpp"

namespace josekic::cli {

/// The options of `bound` that differ from their defaults, as command-line arguments in the
/// order of the help (--timings left out: it writes nothing): what the index keeps, so that
/// `compile --update` writes the dictionary as it was written. A book is "NAME=PATH" and a
/// prune list PATH, PATH absolute: the update may run in another directory.
std::vector<std::string> output_arguments(const OutputOptions& bound);

/// `output` (the options of an update's command line, `given` naming those it gave) with the
/// dictionary's values, from the `recorded` arguments of its index, for those it left out.
/// The budget (--full, --max-nodes, --max-bytes) counts as one option: one of them given
/// replaces the dictionary's budget whole. Throws std::runtime_error naming `dir` for
/// recorded arguments this josekic cannot read.
OutputOptions with_recorded_output_options(const OutputOptions& output,
                                           const std::set<std::string>& given,
                                           const std::vector<std::string>& recorded,
                                           const std::string& dir);

/// The output options of a command that writes dictionaries again (`compile --update DIR`:
/// DIR; `merge PART...`: the parts): `output`, with the dictionaries' own (their indexes keep
/// them) for those the command line left out (`given` names those it gave), when all were
/// written alike; else `output`, with a warning on stderr naming two that differ. An index of
/// a josekic that did not keep them gives `output`, as does one that cannot be opened (the
/// command then says why). Throws std::runtime_error for a book or prune list of theirs that
/// cannot be read now, saying what to give instead.
OutputOptions dictionaries_output_options(const OutputOptions& output,
                                          const std::set<std::string>& given,
                                          const std::vector<std::string>& dictionaries);

}  // namespace josekic::cli
