#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/go/move.hpp"
#include "core/go/symmetry.hpp"
#include "trackers/corner.hpp"

namespace josekic::trackers {

/// Whether normalisation swapped the colours of a corner sequence.
enum class ColourOrder : std::uint8_t {
    AsPlayed,  ///< Black played first in the corner
    Swapped,   ///< White played first in the corner; colours (and the winner) are swapped
};

/// A corner sequence in canonical form, and how it got there.
struct NormalizedSequence {
    std::vector<go::Move> moves;  ///< canonical: first stone Black, upper-right, upper half
    ColourOrder colours = ColourOrder::AsPlayed;
    /// The symmetry that was applied to every point of the game: canonical = apply(symmetry, game).
    go::Symmetry symmetry = go::Symmetry::Identity;
};

/// Maps a corner sequence as played (game coordinates, colours alternating, passes for
/// tenuki, first move a stone) to canonical form:
/// - the corner is rotated onto the upper-right corner;
/// - the first stone off the corner's diagonal (x + y == 18 after the rotation) is put into
///   the upper half, row-from-top < column-from-right (y < 18 - x), by reflecting in that
///   diagonal (AntiTranspose) if needed; stones before it, being on the diagonal, are unmoved
///   by that reflection, so the choice is deferred exactly as long as it cannot be made;
/// - colours are swapped if the first stone is White, so the first stone is Black.
/// So the same sequence played in any corner, in any of its 8 orientations, with either
/// colour first, gives the same moves. Precondition: `moves` is empty or starts with a stone.
NormalizedSequence normalize_corner_sequence(Corner corner, std::span<const go::Move> moves);

/// The same, transforming `moves` in place: the result holds the buffer `moves` had, so
/// no allocation is made.
NormalizedSequence normalize_corner_sequence(Corner corner, std::vector<go::Move>&& moves);

}  // namespace josekic::trackers
