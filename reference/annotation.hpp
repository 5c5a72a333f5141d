#pragma once

// What a reference dictionary says about one of its moves, in short form.
//
// Sources, in the order a reader would look:
// - SGF move annotations: BM (bad move), TE (tesuji, a good move), DO (doubtful),
//   IT (interesting), and the position judgements GB / GW (good for Black / White);
// - sentences of the comment that are verdicts (reference/verdict_prose.hpp): on the move
//   itself ("Mistake.", "Not joseki", "RIGHT"), closing a joseki ("* GOOD VARIATION *"), on
//   the continuations the node labels ("'A' is correct, 'B' is a mistake.", which Kogo's
//   Joseki Dictionary writes) and on earlier moves of the line ("White 12 is a mistake.");
//   a word that merely occurs in a comment is no verdict;
// - GNU Go's joseki files: the first character of the comment of a move that carries a
//   square mark (MA/SQ, which makes GNU Go build a pattern from it) is its class: U urgent,
//   J or S standard, j or s minor, T trick, t tenuki is fine, 0, a or A antisuji (GNU
//   Go never plays the move: avoided, as Pachi's <don't>, not a mistake by itself).
//   Lines starting with ':', ';' or '>' are pattern machinery and are not text; lines starting
//   with '#' are text;
// - Pachi's joseki files: the first comment line holds tags: <don't> and <avoid> mark a move
//   Pachi avoids (it never plays it but knows the answer: avoided, not a mistake), <bad> a
//   mistake, <later> and <tenuki> a move played after a tenuki; <3x3> is pattern machinery.
// The text is the comment's first line that is meant for people.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/go/move.hpp"
#include "core/sgf/sgf_tree.hpp"
#include "reference/mark.hpp"
#include "reference/verdict_prose.hpp"

namespace josekic::reference {

/// The short annotation of one reference move (or of several reference nodes merged on one
/// canonical path).
struct NodeAnnotation {
    std::uint16_t marks = 0;  ///< bits of Mark
    std::string text;  ///< first line of the comment meant for people, UTF-8, at most ~80 bytes
    /// What the book says of the same line in another place whose verdict the main treatment
    /// overrules (reference/reference_index.hpp), with its context; empty when none.
    std::string note;

    bool has(Mark m) const { return (marks & static_cast<std::uint16_t>(m)) != 0; }
    void add(Mark m) { marks = static_cast<std::uint16_t>(marks | static_cast<std::uint16_t>(m)); }
    bool empty() const { return marks == 0 && text.empty() && note.empty(); }
    /// Adds another node's marks; takes its text (and note) when this one has none.
    void merge(const NodeAnnotation& other);
    /// Exchanges GoodForBlack and GoodForWhite (for a line whose colours normalisation swapped).
    void swap_colours();
    friend bool operator==(const NodeAnnotation&, const NodeAnnotation&) = default;
};

/// A verdict of a node's comment on one of its continuations, placed by the node's LB label.
struct ContinuationVerdict {
    go::Point point;
    std::optional<go::Color> colour;  ///< when the comment names it, in the file's colours
    std::uint16_t marks = 0;          ///< bits of Mark
};

/// What one reference node says: about its own move, about continuations it labels, and
/// about earlier moves of its line by number (reference/verdict_prose.hpp).
struct NodeVerdicts {
    NodeAnnotation own;
    std::vector<ContinuationVerdict> continuations;
    std::vector<NumberedMoveVerdict> numbered_moves;  ///< in the file's colours
    /// The comment's first conditional sentence, shortened like the text, which sets a
    /// whole-board situation (ProseVerdicts::condition); empty when none.
    std::string condition;
};

/// The verdicts of `node`, whose comment (if any) is `comment`, already decoded to UTF-8.
NodeVerdicts verdicts_of(const sgf::SgfNode& node, std::string_view comment);

/// The marks as words in a fixed order, e.g. "mistake, trick"; empty when there are none.
std::string describe_marks(std::uint16_t marks);

/// "mistake: “not joseki”", "standard", "“b blocks below”", or "" for an empty annotation;
/// a note follows in parentheses: "joseki (mistake elsewhere, book.sgf:12: “Given …”)".
std::string describe(const NodeAnnotation& annotation);

}  // namespace josekic::reference
