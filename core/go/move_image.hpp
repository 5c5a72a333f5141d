#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/go/move.hpp"
#include "core/go/symmetry.hpp"

namespace josekic::go {

/// One fixed symmetry applied to many moves: the image of a move is what apply(s, move)
/// gives, read from kImageIndex instead of decoding `s` for every move. For the loops that
/// map a whole line through one symmetry (corner sequences, openings, the other move order
/// of a transposition).
class MoveImage {
  public:
    explicit MoveImage(Symmetry s) : image_(&kImageIndex[static_cast<std::size_t>(s)]) {}

    /// The image of `m`: same colour, point mapped; a pass stays a pass.
    Move operator()(const Move& m) const {
        if (!m.point) return m;
        const std::uint16_t to = (*image_)[static_cast<std::size_t>(m.point->index())];
        return Move::at(m.color, Point::from_index(to));
    }

  private:
    const std::array<std::uint16_t, kNumPoints>* image_;
};

}  // namespace josekic::go
