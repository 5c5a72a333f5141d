#pragma once

// Verdicts written as sentences in a reference's comments, read only where a sentence is a
// verdict: never from a word that merely occurs somewhere in the text.
//
// Conventions (those of Kogo's Joseki Dictionary, GNU Go's and Pachi's comment lines):
// - a verdict on the commented move itself: the comment's first sentence, when it *is* a
//   verdict ("Mistake.", "Bad for white", "Not joseki", "Trick play", "This is GOOD for
//   black", "RIGHT", "WRONG"), optionally after "This is", "This move is", "It is";
// - a line that closes a joseki: a sentence of its own, anywhere, that reads
//   "* GOOD VARIATION *", "Joseki", "End of joseki." or "The joseki ends.";
// - verdicts on continuations, by the letters of the node's LB labels, in quotes: "'A' is
//   correct, 'B' is a mistake.", "'A' or 'B' are ok.", "White 'd' is an overplay.",
//   "'B' is getting tricked", "'f' shows the too early sansan invasion (which is not
//   joseki)" (an aside in parentheses judges what the labels show); a star in the quotes
//   marks joseki ("Black continues with 'a *' or 'b'.", "'A *' is joseki.");
// - verdicts on a move of the line by its number, counted from the book's first move:
//   "White 12 is a mistake.", "Black 9 is a trick play.", "White 6 is not recommended.".
// Verdict phrases: correct, right, good, ok, fine, best, proper, playable (good); joseki,
// standard (joseki); not joseki (its own verdict, not a mistake); a mistake, an error, wrong,
// bad, a blunder, an overplay, unreasonable, getting tricked (mistake); questionable, dubious,
// doubtful, disadvantageous, inferior, slack, unfavourable, not good, not recommended (doubtful); a
// trick (play) (trick). "very", "too", "also", "quite", "rather", "slightly", "clearly", "simply",
// "probably", "just", "still", "so", "all" before a phrase are skipped; "usually" or "sometimes"
// are not (a conditional verdict is commentary).
// A conditional sentence gives no verdict at all: one that opens with "Given", "If", "When" or
// "Unless", or says "would be", or "should not ... if" (a judgement of one whole-board
// situation; the comment's text keeps it as a note). A sentence opening with "Locally" that
// speaks of a loss ("Locally it results in a loss, but may be appropriate fuseki strategy.")
// is the hedged verdict Mark::LocallyInferior.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/go/color.hpp"

namespace josekic::reference {

/// A verdict on the continuation marked by a board label ("'B' is a mistake.").
struct LabelVerdict {
    std::string label;                ///< as in LB: lower case, without the star or spaces
    std::optional<go::Color> colour;  ///< when the sentence names it ("White 'd' ...")
    std::uint16_t marks = 0;          ///< bits of Mark
    friend bool operator==(const LabelVerdict&, const LabelVerdict&) = default;
};

/// A verdict on a move of the line by its number ("White 12 is a mistake.").
struct NumberedMoveVerdict {
    go::Color colour = go::Color::Black;
    std::uint32_t number = 0;  ///< 1 for the book's first move
    std::uint16_t marks = 0;   ///< bits of Mark
    friend bool operator==(const NumberedMoveVerdict&, const NumberedMoveVerdict&) = default;
};

/// What the prose of one comment judges, and where it points.
struct ProseVerdicts {
    std::uint16_t own = 0;  ///< bits of Mark: the commented move's own verdict
    /// The side that verdict names ("Bad for white", "This is GOOD for black"), if any: of
    /// the side that moved, it judges the move; of the other, the result (verdicts_of()).
    std::optional<go::Color> own_for;
    std::vector<LabelVerdict> labels;
    std::vector<NumberedMoveVerdict> numbered_moves;
    /// The first conditional sentence as written ("Given a White stone at top, ..."), or
    /// empty: the comment speaks of a particular whole-board situation, and so do the book's
    /// lines below it.
    std::string condition;
};

/// Reads the verdicts of `text`, the lines of a comment meant for people (see the top of this
/// file).
ProseVerdicts read_prose_verdicts(std::string_view text);

/// A board label as LB writes it or a comment quotes it, made comparable: lower case, without
/// spaces or stars ("A *" and "a" are the same label).
std::string normalise_label(std::string_view label);

}  // namespace josekic::reference
