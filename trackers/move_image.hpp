#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "compiler/go/move.hpp"
#include "compiler/go/symmetry.hpp"

namespace josekic::trackers {

/// One fixed symmetry applied to many moves: the image of a move is what go::apply(s, move)
/// gives, read from go::kImageIndex instead of decoding `s` for every move. For the loops
/// that map a whole corner sequence or the rest of an opening through one symmetry.
class MoveImage {
public:
    explicit MoveImage(go::Symmetry s) : image_(&go::kImageIndex[static_cast<std::size_t>(s)]) {}

    /// The image of `m`: same colour, point mapped; a pass stays a pass.
    go::Move operator()(const go::Move& m) const {
        if (!m.point) return m;
        const std::uint16_t to = (*image_)[static_cast<std::size_t>(m.point->index())];
        return go::Move::at(m.color, go::Point::from_index(to));
    }

private:
    const std::array<std::uint16_t, go::kNumPoints>* image_;
};

}  // namespace josekic::trackers
