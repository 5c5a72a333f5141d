#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace josekic::prune {

/// Frequency thresholds that drop rare lines from a dictionary. Every field is off when
/// unset. A node dropped by a threshold goes with everything below it; nodes protected by a
/// `keep` entry (and the path to them) are never dropped. Statistics are those of the
/// unpruned trie (apply() never changes them), so thresholds give the same result however
/// often they are applied.
struct Thresholds {
    /// --min-count N: drop a node that fewer than N lines (games, for fuseki) pass through.
    std::optional<std::uint64_t> min_count;
    /// --min-share F: drop a node whose count is less than F times its parent's count.
    /// A fraction in [0, 1]; parse_share() also reads a percentage ("5%" == 0.05).
    std::optional<double> min_share;
    /// --max-depth D: drop nodes more than D moves from the root (the first move is depth 1).
    std::optional<std::size_t> max_depth;
    /// --max-children K: keep only the K first children of each node in
    /// Trie::sorted_children order (most frequent first), counted among the children that
    /// no prune entry removed. Kept (protected) children beyond K stay as well.
    std::optional<std::size_t> max_children;
    /// --min-players N: drop a node whose move fewer than N distinct players chose
    /// (dictionary::SideStats), so that one player's habit does not make a line.
    std::optional<std::uint64_t> min_players;

    /// True when no threshold is set.
    bool none() const {
        return !min_count && !min_share && !max_depth && !max_children && !min_players;
    }
};

/// Reads a --min-share value: a fraction "0.05" in [0, 1], or a percentage "5%" in
/// [0%, 100%]. nullopt for anything else (including "5", which is ambiguous).
std::optional<double> parse_share(std::string_view text);

}  // namespace josekic::prune
