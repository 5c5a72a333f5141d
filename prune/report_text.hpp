#pragma once

#include <string>
#include <vector>

#include "prune/apply.hpp"

namespace josekic::prune {

/// The text `--dry-run` prints: for each entry of each list (file:line, the entry as
/// written) the subtrees it removes (path, count of lines through the top node, nodes,
/// games affected; after the first 20 subtrees of an entry the rest are summed on one
/// line, and matches inside subtrees removed by earlier entries are only counted) or
/// protects, entries that match nothing, what each threshold drops, the budget, and
/// node counts before and after. Deterministic; ends with a newline.
std::string render_dry_run(const PruneResult& result, const Thresholds& thresholds);

/// The thresholds in force as command-line options, e.g. "--min-count 3 --max-depth 20";
/// empty when none is set.
std::string describe(const Thresholds& thresholds);

/// Where a min count came from: the command line, or the budget (the smallest that fits).
enum class MinCountOrigin { Given, Budget };

/// All the thresholds as a dictionary's root comment states them after "Size limits:"
/// (emit::WriteOptions::size_limits), unset ones as their no-limit value:
/// "min count 3, min share 5%, max depth none, max children 8". The min share appears only
/// when set, so that a dictionary pruned without it says "min count 1, max depth none, max
/// children none". A min count the budget chose says so and names the budget: "min count 4
/// (the smallest that fits the budget of 50,000 nodes and 10 MB per file), ...".
std::string size_limits_text(const Thresholds& thresholds,
                             MinCountOrigin origin = MinCountOrigin::Given);

/// The budget as the reports word it: "50,000 nodes and 10 MB per file"; "no limit" (--full).
std::string budget_text(const Budget& budget);

/// One line for a dictionary's root comment saying what pruned it, e.g.
/// "Pruned with: lists/silly.txt (12 entries), marked.sgf (3 entries); --min-count 3".
/// Empty when there were no lists and no thresholds.
std::string describe_applied(const std::vector<PruneList>& lists, const Thresholds& thresholds);

}  // namespace josekic::prune
