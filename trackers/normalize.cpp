#include "trackers/normalize.hpp"

#include "core/go/move_image.hpp"

namespace josekic::trackers {

namespace {
constexpr bool on_diagonal(go::Point p) {
    return p.x + p.y == go::kLastLine;
}
constexpr bool in_lower_half(go::Point p) {
    return p.y > go::kLastLine - p.x;
}

// The symmetry and colour order of the canonical form; out.moves is left empty.
NormalizedSequence frame_of(Corner corner, std::span<const go::Move> moves) {
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
    return out;
}

// Maps every move of a sequence into the frame of `frame`: symmetry, then colours.
class CanonicalMove {
  public:
    explicit CanonicalMove(const NormalizedSequence& frame)
        : image_(frame.symmetry), swap_(frame.colours == ColourOrder::Swapped) {}
    go::Move operator()(const go::Move& m) const {
        go::Move image = image_(m);
        if (swap_) image.color = go::opponent(image.color);
        return image;
    }

  private:
    go::MoveImage image_;
    bool swap_;
};
}  // namespace

NormalizedSequence normalize_corner_sequence(Corner corner, std::span<const go::Move> moves) {
    NormalizedSequence out = frame_of(corner, moves);
    const CanonicalMove canonical(out);
    out.moves.reserve(moves.size());
    for (const go::Move& m : moves) out.moves.push_back(canonical(m));
    return out;
}

NormalizedSequence normalize_corner_sequence(Corner corner, std::vector<go::Move>&& moves) {
    NormalizedSequence out = frame_of(corner, moves);
    const CanonicalMove canonical(out);
    for (go::Move& m : moves) m = canonical(m);
    out.moves = std::move(moves);
    return out;
}

}  // namespace josekic::trackers
