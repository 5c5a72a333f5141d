#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::prune {

/// The viewer budget: the most one written SGF file may hold. Viewers lay out a whole game
/// tree on load, so a dictionary must stay near these sizes to open in seconds
/// (docs/PERFORMANCE.md); unset fields are no limit (--full sets neither).
struct Budget {
    static constexpr std::uint64_t kViewerNodes = 50'000;
    static constexpr std::uint64_t kViewerBytes = 10'000'000;

    std::optional<std::uint64_t> max_nodes;  ///< --max-nodes N: SGF nodes, roots included
    std::optional<std::uint64_t> max_bytes;  ///< --max-bytes SIZE: bytes of SGF text

    /// The default of `compile` and `prune`: kViewerNodes and kViewerBytes.
    static Budget viewer() { return Budget{kViewerNodes, kViewerBytes}; }
    /// True when nothing limits the files (--full).
    bool none() const { return !max_nodes && !max_bytes; }
    /// Whether a file of `nodes` and `bytes` fits.
    bool fits(std::uint64_t nodes, std::uint64_t bytes) const {
        return (!max_nodes || nodes <= *max_nodes) && (!max_bytes || bytes <= *max_bytes);
    }
};

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

    /// The budget every written file meets. apply() leaves it alone: what fits depends on the
    /// bytes written, so the writer (compile::write_annotated_dictionary) raises min_count
    /// to the smallest value whose file fits (see budget.hpp).
    Budget budget;

    /// True when no threshold is set (the budget aside).
    bool none() const {
        return !min_count && !min_share && !max_depth && !max_children && !min_players;
    }
};

/// Reads a --min-share value: a fraction "0.05" in [0, 1], or a percentage "5%" in
/// [0%, 100%]. nullopt for anything else (including "5", which is ambiguous).
std::optional<double> parse_share(std::string_view text);

/// Reads a --max-bytes value: a number of bytes ("2000000") or one with a decimal unit
/// ("500k", "10MB", "1G": powers of 1000, case ignored) or a binary one ("64KiB", "1MiB").
/// nullopt for anything else, zero, or a size beyond 2^64.
std::optional<std::uint64_t> parse_size(std::string_view text);

/// A size as the root comments and reports write it: "10 MB", "500 kB", "1,234 bytes".
std::string size_text(std::uint64_t bytes);

}  // namespace josekic::prune
