#pragma once

// The cutoff rules: which stones of a game a corner's tracker takes into the corner's
// sequence, which it counts as play elsewhere (tenuki) and which end the sequence. The zone
// (zone.hpp) says where a corner is; the rule says how near the corner's own stones a stone
// must be to belong to it. docs/cutoff.md compares the rules against joseki books.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/go/point.hpp"
#include "trackers/corner.hpp"

namespace josekic::trackers {

/// How a stone in the exclusion ring (outside the zone, next to it) is taken.
enum class RingStone : std::uint8_t {
    Ends,           ///< it ends the sequence wherever it lies (Dyer's rule)
    EndsWhenNear,   ///< it ends the sequence when it is near a stone of the sequence, else
                    ///< it is a tenuki
    EndsOnContact,  ///< it ends the sequence when it touches (takes a liberty of) a stone of
                    ///< the sequence, else it is a tenuki
};

/// A cutoff rule. The values of `Kind` are stored in the index (index_options): never
/// renumber them.
struct CutoffRule {
    enum class Kind : std::uint8_t {
        Ring = 0,       ///< Dyer's: every zone stone extends, every ring stone ends
        Locality = 1,   ///< a zone stone must be near the corner's stones; the ring as Dyer's
        Spill = 2,      ///< locality, and a ring stone ends only when near the corner's stones
        Contact = 3,    ///< locality, and a ring stone ends only when it touches them
        Contested = 4,  ///< locality, and a lone stone the other side leaves ends the line
    };
    Kind kind = Kind::Ring;
    /// For every kind but Ring: a stone is near the corner's stones when it lies within this
    /// many lines of one of them in both directions (Chebyshev distance)...
    std::uint8_t distance = 0;
    /// ...or, while the corner holds a single stone, within this many lines of it (at most
    /// `distance`): the first answer to a corner stone is an approach, near it.
    std::uint8_t approach = 0;

    bool operator==(const CutoffRule&) const = default;

    /// Whether a zone stone far from the corner's stones is a tenuki rather than part of it.
    bool local() const { return kind != Kind::Ring; }
    /// What a ring stone does.
    RingStone ring_stone() const;
    /// Whether the sequence ends when the other side leaves a lone corner stone (the next
    /// stone of the corner has the same colour as the first): the corner's line begins only
    /// once it is contested; a stone left alone, and what its owner adds to it later (an
    /// enclosure, an extension), is the whole board's choice, which the fuseki dictionary
    /// holds.
    bool ends_when_left_alone() const;
    /// The name `--cutoff` takes and reports print: "ring", "locality", "locality:4",
    /// "locality:3,5" (approach 3, distance 5).
    std::string name() const;
};

/// The distances when `--cutoff` names none (docs/cutoff.md has the measures behind them). An
/// approach to a lone corner stone lies within 4 lines of it (the far approach and the
/// extension along the side after a tenuki, 6 to 7 lines away, do not); once the corner is
/// contested, its pincers, extensions and the approaches to an enclosure lie within 6 lines of
/// a stone of the corner.
inline constexpr std::uint8_t kDefaultApproachDistance = 4;
inline constexpr std::uint8_t kDefaultLocalityDistance = 6;
/// The largest distance `--cutoff NAME:N` accepts (beyond it every zone stone is near).
inline constexpr std::uint8_t kMaxLocalityDistance = 18;

/// The rule named by a `--cutoff` argument ("ring", "locality", "spill", "contact", each but
/// ring optionally with ":N" (both distances N) or ":A,N" (approach A, distance N), with
/// 1 <= A <= N <= kMaxLocalityDistance), or nullopt.
std::optional<CutoffRule> parse_cutoff(std::string_view text);

/// The rule of a kind and distances as the index stores them, or nullopt when they make no
/// rule (an unknown kind, a ring with a distance, a local rule without valid ones).
std::optional<CutoffRule> cutoff_from_code(std::uint8_t kind, std::uint8_t distance,
                                           std::uint8_t approach);

/// The names `--cutoff` accepts, for help and errors: "ring, locality[:N], ...".
std::string cutoff_names();

/// Under a local rule, the first stone of a corner's sequence must lie in the corner proper:
/// on the first kFirstStoneLines lines from both of the corner's edges (the 3-3 to 5-5 points
/// and the 6-3, 6-4, 7-3 and 7-4 points all do). A first stone elsewhere in the zone is an
/// opening move on the side, not a corner move.
inline constexpr int kFirstStoneLines = 7;
bool in_corner_proper(Corner corner, go::Point p);

/// Chebyshev distance of two points: the larger of the column and row distances.
int board_distance(go::Point a, go::Point b);

}  // namespace josekic::trackers
