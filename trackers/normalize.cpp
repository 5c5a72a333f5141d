#include "trackers/normalize.hpp"

namespace josekic::trackers {

namespace {
constexpr bool on_diagonal(go::Point p) { return p.x + p.y == go::kLastLine; }
constexpr bool in_lower_half(go::Point p) { return p.y > go::kLastLine - p.x; }
}  // namespace

NormalizedSequence normalize_corner_sequence(Corner corner, std::span<const go::Move> moves) {
    NormalizedSequence out;
    const go::Symmetry to_upper_right = go::inverse(rotation_from_upper_right(corner));
    out.symmetry = to_upper_right;
    for (const go::Move& m : moves) {
        if (!m.point) continue;
        const go::Point p = go::apply(to_upper_right, *m.point);
        if (on_diagonal(p)) continue;
        if (in_lower_half(p)) out.symmetry = go::then(to_upper_right, go::Symmetry::AntiTranspose);
        break;
    }
    const bool swap = !moves.empty() && moves.front().color == go::Color::White;
    out.colours = swap ? ColourOrder::Swapped : ColourOrder::AsPlayed;
    out.moves.reserve(moves.size());
    for (const go::Move& m : moves) {
        go::Move image = go::apply(out.symmetry, m);
        if (swap) image.color = go::opponent(image.color);
        out.moves.push_back(image);
    }
    return out;
}

}  // namespace josekic::trackers
