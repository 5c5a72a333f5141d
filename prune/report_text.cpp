#include "prune/report_text.hpp"

#include "emit/decimal_text.hpp"
#include "prune/move_text.hpp"

namespace josekic::prune {
namespace {

// A '**' entry can match thousands of subtrees; the dry run names the first few (in output
// order, so the most frequent lines first) and sums the rest.
constexpr std::size_t kMatchesShown = 20;

std::string plural(std::uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + ' ' + (n == 1 ? one : many);
}

}  // namespace

std::string describe(const Thresholds& thresholds) {
    std::string out;
    auto add = [&](std::string_view option, const std::string& value) {
        if (!out.empty()) out += ' ';
        out += option;
        out += ' ';
        out += value;
    };
    if (thresholds.min_count) add("--min-count", std::to_string(*thresholds.min_count));
    if (thresholds.min_share) add("--min-share", emit::fraction_percent(*thresholds.min_share));
    if (thresholds.max_depth) add("--max-depth", std::to_string(*thresholds.max_depth));
    if (thresholds.max_children) add("--max-children", std::to_string(*thresholds.max_children));
    if (thresholds.min_players) add("--min-players", std::to_string(*thresholds.min_players));
    return out;
}

std::string budget_text(const Budget& budget) {
    if (budget.none()) return "no limit";
    std::string out;
    if (budget.max_nodes) out = emit::with_thousands(*budget.max_nodes) + " nodes";
    if (budget.max_bytes) out += (out.empty() ? "" : " and ") + size_text(*budget.max_bytes);
    return out + " per file";
}

std::string size_limits_text(const Thresholds& thresholds, MinCountOrigin origin) {
    const auto or_none = [](const std::optional<std::size_t>& limit) {
        return limit ? std::to_string(*limit) : std::string("none");
    };
    std::string out = "min count " + std::to_string(thresholds.min_count.value_or(1));
    if (origin == MinCountOrigin::Budget)
        out += " (the smallest that fits the budget of " + budget_text(thresholds.budget) + ")";
    if (thresholds.min_share) out += ", min share " + emit::fraction_percent(*thresholds.min_share);
    out += ", max depth " + or_none(thresholds.max_depth);
    out += ", max children " + or_none(thresholds.max_children);
    if (thresholds.min_players) out += ", min players " + std::to_string(*thresholds.min_players);
    return out;
}

std::string describe_applied(const std::vector<PruneList>& lists, const Thresholds& thresholds) {
    std::string out;
    for (const PruneList& list : lists) {
        out += out.empty() ? "Pruned with: " : ", ";
        out += list.path + " (" + plural(list.entries.size(), "entry", "entries") + ")";
    }
    if (const std::string limits = describe(thresholds); !limits.empty()) {
        out += out.empty() ? "Pruned with: " : "; ";
        out += limits;
    }
    return out;
}

std::string render_dry_run(const PruneResult& result, const Thresholds& thresholds) {
    std::string out;
    out += "Pruning the " + std::string(emit::kind_name(result.kind)) +
           " dictionary (dry run: nothing is written)\n";
    std::size_t entry_nodes = 0;
    std::uint64_t entry_games = 0;
    for (const EntryReport& report : result.entries) {
        out += report.list_path + ':' + std::to_string(report.entry.where.line) + ": " +
               report.entry.text;
        if (!report.applicable) {
            out += "  (not for the " + std::string(emit::kind_name(result.kind)) + " dictionary)\n";
            continue;
        }
        if (!report.matched()) {
            out += "  (matched nothing)\n";
            continue;
        }
        out += '\n';
        const bool keep = report.entry.action == EntryAction::Keep;
        std::size_t shown = 0;
        std::size_t more = 0;
        std::size_t more_nodes = 0;
        std::uint64_t more_games = 0;
        std::size_t inside_removed = 0;
        for (const Removal& match : report.matches) {
            // Matches inside a subtree an earlier entry removed change nothing; naming them
            // would bury the ones that do.
            if (!keep && match.nodes == 0) {
                ++inside_removed;
                continue;
            }
            if (!keep) {
                entry_nodes += match.nodes;
                entry_games += match.games;
            }
            if (shown >= kMatchesShown) {
                ++more;
                more_nodes += match.nodes;
                more_games += match.games;
                continue;
            }
            ++shown;
            out += "    " + render_path(match.path, result.kind) + ": " +
                   plural(match.count, "line", "lines") + " through it; " +
                   (keep ? "keeps " : "removes ") + plural(match.nodes, "node", "nodes") + ", " +
                   plural(match.games, "game", "games") +
                   (keep ? " from thresholds\n" : " affected\n");
        }
        if (more > 0) {
            out += "    ... and " + plural(more, "more subtree", "more subtrees") + ": " +
                   (keep ? "keeps " : "removes ") + plural(more_nodes, "node", "nodes") + ", " +
                   plural(more_games, "game", "games") + (keep ? "\n" : " affected\n");
        }
        if (inside_removed > 0) {
            out += "    (" + plural(inside_removed, "match lies", "matches lie") +
                   " inside subtrees removed by earlier entries)\n";
        }
    }
    std::size_t threshold_nodes = 0;
    if (!thresholds.none()) out += "Thresholds: " + describe(thresholds) + '\n';
    if (!thresholds.budget.none()) {
        out += "Budget: " + budget_text(thresholds.budget) +
               " (met when the file is written: the dry run does not measure it)\n";
    }
    for (const ThresholdTotals& totals : result.thresholds) {
        if (totals.subtrees == 0) continue;
        out += "    " + std::string(option_name(totals.reason)) + " drops " +
               plural(totals.subtrees, "subtree", "subtrees") + ", " +
               plural(totals.nodes, "node", "nodes") + ", " +
               plural(totals.games, "game", "games") + " affected\n";
        threshold_nodes += totals.nodes;
    }
    out += "Entries remove " + plural(entry_nodes, "node", "nodes") + " (" +
           plural(entry_games, "game", "games") + " affected); thresholds remove " +
           plural(threshold_nodes, "node", "nodes") + ".\n";
    out += "Nodes: " + std::to_string(result.nodes_before) + " before, " +
           std::to_string(result.nodes_after) +
           " after; terminal nodes: " + std::to_string(result.terminals_before) + " before, " +
           std::to_string(result.terminals_after) + " after.\n";
    return out;
}

}  // namespace josekic::prune
