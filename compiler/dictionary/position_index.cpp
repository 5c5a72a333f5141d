#include "compiler/dictionary/position_index.hpp"

#include <algorithm>
#include <cstring>

namespace josekic::dictionary {

namespace {
go::Color color_of(go::Stone s) { return s == go::Stone::Black ? go::Color::Black : go::Color::White; }
}  // namespace

PositionTracker::PositionTracker(const PositionKeyTables& tables) : tables_(&tables) {}

ReplayStep PositionTracker::play(const go::Move& m) {
    to_move_ = go::opponent(m.color);
    if (m.is_pass()) {
        board_.play(m);
        return ReplayStep::Played;
    }
    const go::Point p = *m.point;
    go::MoveVerdict verdict = board_.play(m);
    if (verdict == go::MoveVerdict::Legal) {
        if (board_.last_captures() == 0) {
            // The common case: one stone added, each image key changes by one XOR.
            for (std::size_t i = 0; i < images_.size(); ++i) {
                images_[i] ^= tables_->key(m.color, go::apply(go::kAllSymmetries[i], p));
            }
        } else {
            // The board does not say which stones it took; recomputing is rare and cheap enough.
            rehash();
        }
        return ReplayStep::Played;
    }
    if (verdict == go::MoveVerdict::KoRecapture) {
        board_.play(go::Move::pass(go::opponent(m.color)));  // lifts the ban, changes no stone
        verdict = board_.play(m);
    } else if (verdict == go::MoveVerdict::Occupied) {
        board_.clear(p);
        verdict = board_.play(m);
    }
    if (verdict != go::MoveVerdict::Legal) board_.place_setup(m.color, p);
    rehash();
    return ReplayStep::Forced;
}

void PositionTracker::rehash() {
    images_.fill(go::Hash128{});
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        const go::Stone s = board_.at(p);
        if (s == go::Stone::Empty) continue;
        for (std::size_t k = 0; k < images_.size(); ++k) {
            images_[k] ^= tables_->key(color_of(s), go::apply(go::kAllSymmetries[k], p));
        }
    }
}

go::Hash128 PositionTracker::image_key(go::Symmetry s) const {
    go::Hash128 key = images_[static_cast<std::size_t>(s)];
    if (to_move_ == go::Color::White) key ^= tables_->white_to_move;
    return key;
}

go::Hash128 PositionTracker::canonical_key() const { return image_key(canonical_symmetry()); }

go::Symmetry PositionTracker::canonical_symmetry() const {
    go::Symmetry best = go::Symmetry::Identity;
    go::Hash128 best_key = image_key(best);
    for (go::Symmetry s : go::kAllSymmetries) {
        const go::Hash128 key = image_key(s);
        if (key < best_key) {
            best = s;
            best_key = key;
        }
    }
    return best;
}

namespace {

// inverse_maps[k][j]: the point whose stone lands on index j under kAllSymmetries[k], so
// an image is filled in row-major order and can be compared while it is built.
using PointMap = std::array<std::uint16_t, go::kNumPoints>;
const std::array<PointMap, 8>& inverse_maps() {
    static const std::array<PointMap, 8> maps = [] {
        std::array<PointMap, 8> m{};
        for (std::size_t k = 0; k < m.size(); ++k) {
            for (int i = 0; i < go::kNumPoints; ++i) {
                const go::Point p = go::Point::from_index(i);
                m[k][static_cast<std::size_t>(go::apply(go::kAllSymmetries[k], p).index())] =
                    static_cast<std::uint16_t>(i);
            }
        }
        return m;
    }();
    return maps;
}

}  // namespace

CanonicalStones canonical_stones(const go::Board& board, go::Color to_move) {
    // The smallest image point by point. Stone is a uint8_t enum, so byte order (memcmp) is
    // the order of CanonicalStones::operator<=> on the points; this runs once per node
    // with a transposition when classes are verified, hence the tables instead of apply().
    const auto& maps = inverse_maps();
    std::array<go::Stone, go::kNumPoints> stones{};
    for (int i = 0; i < go::kNumPoints; ++i) stones[static_cast<std::size_t>(i)] = board.at(go::Point::from_index(i));
    CanonicalStones best;
    best.to_move = to_move;
    CanonicalStones image;
    for (std::size_t k = 0; k < maps.size(); ++k) {
        for (std::size_t j = 0; j < stones.size(); ++j) image.points[j] = stones[maps[k][j]];
        if (k == 0 || std::memcmp(image.points.data(), best.points.data(), sizeof image.points) < 0) {
            best.points = image.points;
        }
    }
    return best;
}

}  // namespace josekic::dictionary
