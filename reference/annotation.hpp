#pragma once

// What a reference dictionary says about one of its moves, in short form.
//
// Sources, in the order a reader would look:
// - SGF move annotations: BM (bad move), TE (tesuji, a good move), DO (doubtful),
//   IT (interesting), and the position judgements GB / GW (good for Black / White);
// - words of the comment: RIGHT or GOOD in capitals mark a correct line (Kogo's Joseki
//   Dictionary, and the "GOOD" convention of old joseki scanners), WRONG or BAD in capitals a
//   mistake; in any case "mistake", "wrong", "bad", "not joseki" mark a mistake, "not good" a
//   doubtful move and "trick" a trick play;
// - GNU Go's joseki files: the first character of the comment of a move that carries a
//   square mark (MA/SQ, which makes GNU Go build a pattern from it) is its class: U urgent,
//   J or S standard, j or s minor, T trick, t tenuki is fine, 0, a or A antisuji (a mistake).
//   Lines starting with ':', ';' or '>' are pattern machinery and are not text; lines starting
//   with '#' are text;
// - Pachi's joseki files: the first comment line holds tags: <don't>, <bad> and <avoid> mark
//   a mistake (Pachi never plays it but knows the answer), <later> and <tenuki> mark a move
//   played after a tenuki; <3x3> is pattern machinery.
// The text is the comment's first line that is meant for people.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/sgf/sgf_tree.hpp"

namespace josekic::reference {

/// One thing a reference says about a move. Values are bits of NodeAnnotation::marks.
enum class Mark : std::uint16_t {
    Good = 1u << 0,     ///< TE, RIGHT, GOOD, GNU Go's J/S class
    Mistake = 1u << 1,  ///< BM, WRONG, BAD, "mistake", GNU Go antisuji, Pachi <bad>/<don't>/<avoid>
    Doubtful = 1u << 2,      ///< DO, "not good"
    Interesting = 1u << 3,   ///< IT
    Trick = 1u << 4,         ///< "trick", GNU Go's T class
    Urgent = 1u << 5,        ///< GNU Go's U class
    Minor = 1u << 6,         ///< GNU Go's j/s class: a lesser joseki move
    TenukiOk = 1u << 7,      ///< GNU Go's t class: the player may play elsewhere next
    GoodForBlack = 1u << 8,  ///< GB, in the colours of the frame the annotation is in
    GoodForWhite = 1u << 9,  ///< GW, likewise
    AfterTenuki = 1u << 10,  ///< Pachi <later>/<tenuki>: played after the other side tenukied
};

/// The short annotation of one reference move (or of several reference nodes merged on one
/// canonical path).
struct NodeAnnotation {
    std::uint16_t marks = 0;  ///< bits of Mark
    std::string text;  ///< first line of the comment meant for people, UTF-8, at most ~80 bytes

    bool has(Mark m) const { return (marks & static_cast<std::uint16_t>(m)) != 0; }
    void add(Mark m) { marks = static_cast<std::uint16_t>(marks | static_cast<std::uint16_t>(m)); }
    bool empty() const { return marks == 0 && text.empty(); }
    /// Adds another node's marks; takes its text when this one has none.
    void merge(const NodeAnnotation& other);
    /// Exchanges GoodForBlack and GoodForWhite (for a line whose colours normalisation swapped).
    void swap_colours();
    friend bool operator==(const NodeAnnotation&, const NodeAnnotation&) = default;
};

/// The annotation of `node`, whose comment (if any) is `comment`, already decoded to UTF-8.
NodeAnnotation annotation_of(const sgf::SgfNode& node, std::string_view comment);

/// The marks as words in a fixed order, e.g. "mistake, trick"; empty when there are none.
std::string describe_marks(std::uint16_t marks);

/// "mistake: “not joseki”", "standard", "“b blocks below”", or "" for an empty annotation.
std::string describe(const NodeAnnotation& annotation);

}  // namespace josekic::reference
