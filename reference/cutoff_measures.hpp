#pragma once

// The measures of a joseki dictionary against a book by which docs/cutoff.md compares cutoff
// rules: how few of the dictionary's moves the book does not know (known share), how many of
// the book's lines the dictionary holds (book recall), and the dictionary's size.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "reference/annotate.hpp"

namespace josekic::reference {

/// The thresholds of the measures.
struct MeasureOptions {
    /// Known share and size count the nodes played at least this many times.
    std::uint64_t min_count = 5;
    /// Book recall counts the book's lines of at least this many moves (trailing tenuki left
    /// out)...
    std::size_t min_book_moves = 4;
    /// ...that the dictionary holds to their end, with the end played at least this often.
    std::uint64_t min_recall_count = 2;
};

/// The measures under one first move (or of all: first_move "all").
struct MeasureRow {
    std::string first_move;         ///< emit::first_move_name, e.g. "4-4"
    std::uint64_t moves = 0;        ///< sum of the counts of the nodes played >= min_count
    std::uint64_t known_moves = 0;  ///< of those, at nodes the book knows (see known_move)
    std::uint64_t nodes = 0;        ///< nodes played >= min_count: the dictionary's size
    std::uint64_t book_lines = 0;   ///< the book's lines counted by recall
    std::uint64_t recalled = 0;     ///< of those, held by the dictionary

    double known_share() const;  ///< known_moves / moves, in percent (0 when no moves)
    double recall() const;       ///< recalled / book_lines, in percent (0 when no lines)
};

/// One book's measures of a trie, by first move (sorted by name) and in total.
struct CutoffMeasures {
    std::string reference;
    std::vector<MeasureRow> rows;
    MeasureRow total;
};

/// Whether the book number `reference` knows the trie's `node`: the book has the line, or
/// the node is a tenuki (a pass) after a line the book knows where the book's line ends
/// there or the book says the player may play elsewhere (Mark::TenukiOk).
bool known_move(const dictionary::Trie& trie, const Annotations& annotations,
                dictionary::NodeId node, std::size_t reference);

/// Lines in the fixed order of dictionary::move_order_key, move by move.
struct LineOrder {
    bool operator()(const std::vector<go::Move>& a, const std::vector<go::Move>& b) const;
};

/// The book's lines that book recall counts: root-to-leaf lines of at least `min_moves`
/// moves, their trailing tenuki left out, none of whose moves carries kBadMarks; each once.
std::set<std::vector<go::Move>, LineOrder> book_lines(const ReferenceIndex& book,
                                                      std::size_t min_moves);

/// The measures of `trie` against each book of `annotations` (made from `trie`). A book line
/// is a root-to-leaf line of the book, its trailing tenuki left out (the trackers never record
/// one), none of whose moves carries kBadMarks.
std::vector<CutoffMeasures> measure_cutoff(const dictionary::Trie& trie,
                                           const Annotations& annotations,
                                           const MeasureOptions& options = {});

}  // namespace josekic::reference
