#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "prune/thresholds.hpp"

namespace josekic::compile {

/// Whether `prune` writes OUT or only prints what it would remove (--dry-run).
enum class PruneRun { Write, DryRun };

/// Everything `josekic prune` was asked to do (cli/prune_command turns the command line into
/// it).
struct PruneJob {
    std::string dictionary;               ///< DICT.sgf, a dictionary josekic wrote
    std::vector<std::string> list_files;  ///< --list FILE, text or viewer-marked SGF, in order
    std::vector<std::string> references;  ///< --reference [NAME=]FILE|DIR (joseki only)
    prune::Thresholds thresholds;
    std::string output;  ///< -o OUT.sgf (unused for a dry run)
    PruneRun run = PruneRun::Write;
    std::size_t max_games_listed = 5;
};

/// What a prune job ended in.
enum class PruneOutcome {
    Written,  ///< OUT written (or, for a dry run, what it would remove printed)
    /// Written, but a reference file had an error: the part of it that could be read was
    /// used (docs/diagnostics.md: the command exits 1)
    WrittenReferenceIncomplete,
    NothingWritten,  ///< a list, DICT, the index beside it or a reference cannot be used
};

/// Runs `job`: reads the prune lists and DICT (a collection is pruned tree by tree), applies
/// the lists and thresholds, decides how OUT is written (its provenance, the index beside
/// DICT when it is DICT's own, the budget) and writes it through the code path of compile,
/// so that both write the same bytes. The summary (or the dry run) goes to `out`, every
/// diagnostic and warning to `messages`.
PruneOutcome prune_dictionary(const PruneJob& job, std::ostream& out, std::ostream& messages);

}  // namespace josekic::compile
