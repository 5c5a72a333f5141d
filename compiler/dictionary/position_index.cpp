#include "compiler/dictionary/position_index.hpp"

#include <algorithm>

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

CanonicalStones canonical_stones(const go::Board& board, go::Color to_move) {
    CanonicalStones best;
    best.to_move = to_move;
    bool first = true;
    for (go::Symmetry s : go::kAllSymmetries) {
        CanonicalStones image;
        image.to_move = to_move;
        for (int i = 0; i < go::kNumPoints; ++i) {
            const go::Point p = go::Point::from_index(i);
            image.points[go::apply(s, p).index()] = board.at(p);
        }
        if (first || image < best) best = image;
        first = false;
    }
    return best;
}

}  // namespace josekic::dictionary
