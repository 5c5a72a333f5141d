#include "prune/apply.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "prune/copy_kept.hpp"

namespace josekic::prune {
namespace {

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;
using dictionary::Trie;

/// What became of an input node.
enum class Fate : std::uint8_t { Live, RemovedByEntry, DroppedByThreshold };

/// The node at the end of `path`, or kNoNode.
NodeId follow(const Trie& trie, const std::vector<go::Move>& path) {
    NodeId at = kRoot;
    for (const go::Move& move : path) {
        at = trie.find_child(at, move);
        if (at == kNoNode) return kNoNode;
    }
    return at;
}

/// The topmost nodes an entry names, in the input's output order (sorted children,
/// depth first), so reports never depend on node ids.
std::vector<NodeId> match(const Trie& trie, const PruneEntry& entry) {
    const NodeId top = follow(trie, entry.path);
    if (top == kNoNode) return {};
    if (!entry.anywhere) return {top};
    std::vector<NodeId> found;
    std::vector<NodeId> stack;
    auto push_children = [&](NodeId parent) {
        const auto sorted = trie.sorted_children(parent);
        for (auto it = sorted.rbegin(); it != sorted.rend(); ++it) stack.push_back(*it);
    };
    push_children(top);
    while (!stack.empty()) {
        const NodeId at = stack.back();
        stack.pop_back();
        // A match's own subtree is covered by the match, so the search does not go below it.
        if (entry.anywhere->matches(trie.node(at).move))
            found.push_back(at);
        else
            push_children(at);
    }
    return found;
}

/// Visits `top` and every node below it.
template <typename Visit>
void for_subtree(const Trie& trie, NodeId top, Visit visit) {
    std::vector<NodeId> stack{top};
    while (!stack.empty()) {
        const NodeId at = stack.back();
        stack.pop_back();
        visit(at);
        for (NodeId c = trie.node(at).first_child; c != kNoNode; c = trie.node(c).next_sibling)
            stack.push_back(c);
    }
}

/// Gives every still-live node of the subtree `fate`; counts them and their ends into
/// `nodes` and `games` (nodes an earlier entry already took are not counted twice).
void mark(const Trie& trie, NodeId top, Fate fate, std::vector<Fate>& fates, std::size_t& nodes,
          std::uint64_t& games) {
    for_subtree(trie, top, [&](NodeId at) {
        if (fates[at] != Fate::Live) return;
        fates[at] = fate;
        ++nodes;
        games += trie.node(at).stats.ends;
    });
}

/// The first threshold that drops `child` (at `depth`, ranked `rank` among its live
/// siblings), if any.
std::optional<ThresholdReason> dropped_by(const Thresholds& limits,
                                          const dictionary::NodeStats& child,
                                          const dictionary::NodeStats& parent, std::size_t depth,
                                          std::size_t rank, std::uint64_t players) {
    if (limits.max_depth && depth > *limits.max_depth) return ThresholdReason::MaxDepth;
    if (limits.min_count && child.count < *limits.min_count) return ThresholdReason::MinCount;
    if (limits.min_share && parent.count > 0 &&
        static_cast<double>(child.count) < *limits.min_share * static_cast<double>(parent.count)) {
        return ThresholdReason::MinShare;
    }
    if (limits.max_children && rank >= *limits.max_children) return ThresholdReason::MaxChildren;
    if (limits.min_players && players < *limits.min_players) return ThresholdReason::MinPlayers;
    return std::nullopt;
}

}  // namespace

std::string_view option_name(ThresholdReason reason) {
    switch (reason) {
        case ThresholdReason::MaxDepth:
            return "--max-depth";
        case ThresholdReason::MinCount:
            return "--min-count";
        case ThresholdReason::MinShare:
            return "--min-share";
        case ThresholdReason::MaxChildren:
            return "--max-children";
        case ThresholdReason::MinPlayers:
            return "--min-players";
    }
    return "?";
}

PruneResult apply(const Trie& in, const std::vector<PruneList>& lists, const Thresholds& thresholds,
                  DictionaryKind kind, const dictionary::SideStats* side) {
    if (thresholds.min_players && side == nullptr)
        throw std::invalid_argument("--min-players needs the players of the dictionary's nodes");
    PruneResult result(Trie(in.shared_games(), in.options()));
    result.kind = kind;
    result.nodes_before = in.size();
    result.terminals_before = in.terminal_count();

    std::vector<Fate> fates(in.size(), Fate::Live);
    std::vector<bool> exempt(in.size(),
                             false);  // protected by a keep entry (or on the path to one)

    for (const PruneList& list : lists) {
        for (const PruneEntry& entry : list.entries) {
            EntryReport report{list.path, entry, applies_to(entry.scope, kind), {}};
            if (report.applicable) {
                for (const NodeId top : match(in, entry)) {
                    Removal found{in.path_to(top), in.node(top).stats.count, 0, 0};
                    if (entry.action == EntryAction::Remove) {
                        mark(in, top, Fate::RemovedByEntry, fates, found.nodes, found.games);
                    } else {
                        for_subtree(in, top, [&](NodeId at) {
                            exempt[at] = true;
                            ++found.nodes;
                            found.games += in.node(at).stats.ends;
                        });
                        for (NodeId at = top; at != kNoNode; at = in.node(at).parent)
                            exempt[at] = true;
                    }
                    report.matches.push_back(std::move(found));
                }
            }
            result.entries.push_back(std::move(report));
        }
    }

    for (const auto reason :
         {ThresholdReason::MaxDepth, ThresholdReason::MinCount, ThresholdReason::MinShare,
          ThresholdReason::MaxChildren, ThresholdReason::MinPlayers}) {
        result.thresholds.push_back(ThresholdTotals{reason, 0, 0, 0});
    }

    // Copy what survives, parents before children, in output order so the new trie's node
    // ids are a function of the contents alone.
    result.trie = copy_kept(in, [&](NodeId from, std::size_t depth,
                                    const std::vector<NodeId>& children,
                                    std::vector<NodeId>& live) {
        const auto& parent_stats = in.node(from).stats;
        std::size_t rank = 0;
        for (const NodeId child : children) {
            if (fates[child] != Fate::Live) continue;
            const std::size_t my_rank = rank++;
            if (!exempt[child]) {
                const std::uint64_t players =
                    thresholds.min_players ? side->of(in, child).players : 0;
                if (const auto reason = dropped_by(thresholds, in.node(child).stats, parent_stats,
                                                   depth + 1, my_rank, players)) {
                    ThresholdTotals& totals = result.thresholds[static_cast<std::size_t>(*reason)];
                    ++totals.subtrees;
                    mark(in, child, Fate::DroppedByThreshold, fates, totals.nodes, totals.games);
                    continue;
                }
            }
            live.push_back(child);
        }
    });
    const Trie& out = result.trie;
    if (side != nullptr) result.side = side->for_copy(in, out);
    result.nodes_after = out.size();
    result.terminals_after = out.terminal_count();
    const PruneResult* self = &result;
    result.diagnostics = unmatched_warnings(std::span<const PruneResult* const>(&self, 1));
    return result;
}

std::vector<diag::Diagnostic> unmatched_warnings(std::span<const PruneResult* const> results) {
    std::vector<diag::Diagnostic> warnings;
    if (results.empty()) return warnings;
    const std::size_t count = results.front()->entries.size();
    for (std::size_t i = 0; i < count; ++i) {
        bool applicable = false;
        bool matched = false;
        std::string where;
        for (const PruneResult* result : results) {
            if (i >= result->entries.size()) continue;
            const EntryReport& report = result->entries[i];
            if (!report.applicable) continue;
            applicable = true;
            matched = matched || report.matched();
            if (!where.empty()) where += " or ";
            where += emit::kind_name(result->kind);
        }
        if (!applicable || matched) continue;
        const EntryReport& report = results.front()->entries[i];
        warnings.push_back(diag::Diagnostic{report.list_path, report.entry.where,
                                            diag::Severity::Warning, diag::Code::PruneUnmatched,
                                            "prune entry '" + report.entry.text +
                                                "' matched nothing in the " + where +
                                                " dictionary"});
    }
    return warnings;
}

}  // namespace josekic::prune
