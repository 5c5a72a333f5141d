#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "prune/dictionary_kind.hpp"
#include "prune/prune_list.hpp"
#include "prune/thresholds.hpp"

namespace josekic::prune {

/// One subtree taken out of a dictionary.
struct Removal {
    std::vector<go::Move> path;  ///< from the root to the subtree's top node
    std::uint64_t count = 0;     ///< the top node's count (lines through it)
    std::size_t nodes = 0;       ///< nodes removed by this removal (0: already removed before)
    std::uint64_t games = 0;     ///< games affected: sum of `ends` over the removed nodes
};

/// What one prune entry did.
struct EntryReport {
    std::string list_path;  ///< the prune list it came from
    PruneEntry entry;
    bool applicable = true;  ///< false when its scope names the other dictionary
    /// Remove entries: the subtrees it matched, in the input's sorted order (topmost
    /// matches only). Keep entries: the nodes it protected (nodes == size of the subtree,
    /// games == their ends).
    std::vector<Removal> matches;
    bool matched() const { return !matches.empty(); }
};

/// Why a threshold dropped a subtree (the first reason that applies, in this order).
enum class ThresholdReason : std::uint8_t { MaxDepth, MinCount, MinShare, MaxChildren, MinPlayers };

/// The subtrees one threshold dropped, summed.
struct ThresholdTotals {
    ThresholdReason reason = ThresholdReason::MaxDepth;
    std::size_t subtrees = 0;
    std::size_t nodes = 0;
    std::uint64_t games = 0;
};

/// The pruned dictionary and what happened to it.
struct PruneResult {
    explicit PruneResult(dictionary::Trie pruned) : trie(std::move(pruned)) {}

    dictionary::Trie trie;  ///< the pruned copy; shares the input's GameTable
    /// The era counts and players of the copy's nodes, when the input had them.
    std::optional<dictionary::SideStats> side;
    DictionaryKind kind = DictionaryKind::Joseki;
    std::vector<EntryReport> entries;         ///< every entry of every list, in list and file order
    std::vector<ThresholdTotals> thresholds;  ///< one per ThresholdReason, in enum order
    std::size_t nodes_before = 0;
    std::size_t nodes_after = 0;
    std::size_t terminals_before = 0;
    std::size_t terminals_after = 0;
    /// Warnings ("prune-unmatched", at the entry's file:line:col) for the applicable entries
    /// that matched nothing in this dictionary. For a compile that prunes both trees with
    /// the same lists use unmatched_warnings() over both results instead.
    std::vector<diag::Diagnostic> diagnostics;
};

/// Applies prune lists and thresholds to `in`, producing a new trie (the input is not
/// modified). Order: remove entries first (each removes its matched node and everything
/// below it), then thresholds on what is left, except the subtrees of `keep` entries and the
/// paths to them. Removal wins over keep where both name a node.
///
/// The statistics of every remaining node are copied unchanged, ancestors of removed
/// subtrees included: a dictionary still says how often a move was played, even where the
/// silly continuations are gone. Because nothing is recomputed, pruning a compiled (and
/// re-read) dictionary with a list gives the same trie as compiling with that list.
/// Deterministic: the result depends only on the input trie's contents, not on node ids.
///
/// `side`: the era counts and players of `in`'s nodes, copied for the nodes kept, or nullptr.
/// Precondition: `side` is given when thresholds.min_players is set (callers refuse a
/// dictionary without players first); throws std::invalid_argument otherwise.
PruneResult apply(const dictionary::Trie& in, const std::vector<PruneList>& lists,
                  const Thresholds& thresholds, DictionaryKind kind,
                  const dictionary::SideStats* side = nullptr);

/// Warnings for entries that apply to at least one of `results` but matched nothing in any
/// of them: one per entry, code "prune-unmatched", naming the list file and line.
/// Precondition: every result came from apply() with the same lists.
std::vector<diag::Diagnostic> unmatched_warnings(std::span<const PruneResult* const> results);

/// The name of a threshold as its option is written, e.g. "--min-count".
std::string_view option_name(ThresholdReason reason);

}  // namespace josekic::prune
