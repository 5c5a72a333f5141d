#pragma once

// The kinds of verdict a reference dictionary gives a move, as bits of one word.

#include <cstdint>

namespace josekic::reference {

/// One thing a reference says about a move. Values are bits of NodeAnnotation::marks.
enum class Mark : std::uint16_t {
    Good = 1u << 0,          ///< TE, "correct", "ok", RIGHT, GOOD, GNU Go's J/S class
    Mistake = 1u << 1,       ///< BM, "a mistake", "wrong", "an overplay", Pachi <bad>
    Doubtful = 1u << 2,      ///< DO, "not good", "questionable", "inferior", "not recommended"
    Interesting = 1u << 3,   ///< IT
    Trick = 1u << 4,         ///< "trick play", GNU Go's T class
    Urgent = 1u << 5,        ///< GNU Go's U class
    Minor = 1u << 6,         ///< GNU Go's j/s class: a lesser joseki move
    TenukiOk = 1u << 7,      ///< GNU Go's t class: the player may play elsewhere next
    GoodForBlack = 1u << 8,  ///< GB, in the colours of the frame the annotation is in
    GoodForWhite = 1u << 9,  ///< GW, likewise
    AfterTenuki = 1u << 10,  ///< Pachi <later>/<tenuki>: played after the other side tenukied
    Avoided = 1u << 11,      ///< Pachi <don't>/<avoid>, GNU Go's class 0 (antisuji): the engine
                             ///< never plays it, but knows the answers
    Joseki = 1u << 12,       ///< Kogo's star ('A *'), "is joseki", "* GOOD VARIATION *", "End of
                             ///< joseki."
    NotJoseki = 1u << 13,    ///< "not joseki": its own verdict, not a mistake (the move may be
                             ///< fine elsewhere on the board)
    LocallyInferior = 1u << 14,  ///< "Locally it results in a loss, but may be appropriate
                                 ///< fuseki strategy.": a hedged judgement, not "doubtful"
};

/// The bit of `mark` in a marks word.
constexpr std::uint16_t bit(Mark mark) {
    return static_cast<std::uint16_t>(mark);
}

/// The marks of a line a book advises against as joseki: mistakes, tricks, doubtful, avoided
/// and "not joseki" moves.
inline constexpr std::uint16_t kBadMarks =
    static_cast<std::uint16_t>(bit(Mark::Mistake) | bit(Mark::Trick) | bit(Mark::Doubtful) |
                               bit(Mark::Avoided) | bit(Mark::NotJoseki));

/// The marks of a move a book approves of: good, joseki, urgent and minor (GNU Go's classes).
inline constexpr std::uint16_t kApprovingMarks = static_cast<std::uint16_t>(
    bit(Mark::Good) | bit(Mark::Joseki) | bit(Mark::Urgent) | bit(Mark::Minor));

}  // namespace josekic::reference
