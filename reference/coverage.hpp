#pragma once

// How much of a joseki trie each reference dictionary knows, for report.txt.

#include <cstdint>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "reference/annotate.hpp"
#include "reference/cutoff_measures.hpp"

namespace josekic::reference {

/// Coverage of the lines under one first move (or of all lines: first_move "all").
struct CoverageRow {
    std::string first_move;           ///< emit::first_move_name, e.g. "4-4"
    std::uint64_t lines = 0;          ///< sequences through the first move (its count)
    std::uint64_t lines_in_book = 0;  ///< of those, sequences whose every move the reference knows
    std::uint64_t book_moves_of_lines =
        0;                    ///< sum over sequences of how many first moves the reference knows
    std::uint64_t moves = 0;  ///< joseki moves played: sum of count over the subtree's nodes
    std::uint64_t known_moves = 0;  ///< of those, at nodes the reference knows

    /// Average number of leading moves of a sequence that the reference knows.
    double mean_book_depth() const {
        return lines == 0 ? 0.0
                          : static_cast<double>(book_moves_of_lines) / static_cast<double>(lines);
    }
};

/// A line of the trie, with how often it was played and what the reference says there.
struct CoverageLine {
    std::vector<go::Move> path;  ///< canonical moves from the root
    std::uint64_t count = 0;
    NodeAnnotation annotation;  ///< the reference's, for mistakes; empty for candidates
};

/// One reference's coverage of a trie.
struct ReferenceCoverage {
    std::string name;
    std::string path;
    std::size_t reference_nodes = 0;  ///< canonical lines in the reference (root excluded)
    LoadCounts load;
    std::vector<CoverageRow> rows;  ///< by first move, most played first
    CoverageRow total;
    /// Known share and book recall of the whole trie (reference/cutoff_measures.hpp,
    /// docs/cutoff.md), with the default MeasureOptions.
    MeasureRow measures;
    /// Professional lines the reference lacks: unknown nodes whose parent it knows, most
    /// played first (candidates for the book).
    std::vector<CoverageLine> candidates;
    /// Lines the reference marks as mistakes, tricks, doubtful or avoided that were nevertheless
    /// played.
    std::vector<CoverageLine> played_mistakes;
};

struct CoverageOptions {
    std::size_t max_rows = 10;  ///< first moves listed; the rest fold into "other"
    std::size_t max_candidates = 10;
    std::size_t max_mistakes = 10;
};

/// Computes the coverage of `trie` by each reference of `annotations` (made from `trie`).
std::vector<ReferenceCoverage> compute_coverage(const dictionary::Trie& trie,
                                                const Annotations& annotations,
                                                const CoverageOptions& options = {});

/// The coverage as a section of report.txt.
std::string render_coverage(const std::vector<ReferenceCoverage>& coverage);

}  // namespace josekic::reference
