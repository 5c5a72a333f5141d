#include "index/position_keys.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "core/go/symmetry.hpp"

namespace josekic::index {

namespace {

// A simple ko: the move captured exactly one stone and is itself a lone stone whose only
// liberty is the point it emptied. That point is then banned for the player to move.
std::optional<go::Point> ko_after(const go::Board& board, const go::Move& move) {
    if (!move.point || board.last_captures() != 1) return std::nullopt;
    const go::Point captured = go::Point::from_index(board.last_captured_points()[0]);
    const go::Point p = *move.point;
    const std::array<std::pair<int, int>, 4> steps = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
    for (const auto& [dx, dy] : steps) {
        const int x = p.x + dx;
        const int y = p.y + dy;
        if (x < 0 || y < 0 || x >= go::kBoardSize || y >= go::kBoardSize) continue;
        const go::Point n{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
        if (n == captured) continue;
        const go::Stone s = board.at(n);
        if (s == go::Stone::Empty || s == go::stone_of(move.color)) return std::nullopt;
    }
    return captured;
}

// Mixes a ko point into a key; a different constant from any stone key's table.
std::uint64_t ko_key(go::Point ko) {
    std::uint64_t z = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(ko.index() + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

PositionKeyer::PositionKeyer(Tree tree) : tree_(tree) {}

void PositionKeyer::play(const go::Move& move) {
    const dictionary::ReplayStep step = tracker_.play(move);
    if (tree_ == Tree::Fuseki)
        ko_ = step == dictionary::ReplayStep::Played ? ko_after(tracker_.board(), move)
                                                     : std::nullopt;
}

std::uint64_t PositionKeyer::key() const {
    const dictionary::PositionTracker::CanonicalChoice choice = tracker_.canonical_choice();
    std::uint64_t key = choice.key.low;
    if (ko_) key ^= ko_key(go::apply(choice.symmetry, *ko_));
    return key;
}

std::vector<std::uint16_t> PositionKeyer::exact_form() const {
    const go::Board& board = tracker_.board();
    std::vector<std::uint16_t> stones;
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Stone s = board.at(go::Point::from_index(i));
        if (s != go::Stone::Empty)
            stones.push_back(static_cast<std::uint16_t>(i * 2 + (s == go::Stone::White ? 1 : 0)));
    }
    std::vector<std::uint16_t> best;
    std::vector<std::uint16_t> image(stones.size() + 1);
    for (go::Symmetry s : go::kAllSymmetries) {
        for (std::size_t j = 0; j < stones.size(); ++j) {
            const go::Point p = go::apply(s, go::Point::from_index(stones[j] / 2));
            image[j] = static_cast<std::uint16_t>(p.index() * 2 + stones[j] % 2);
        }
        std::sort(image.begin(), image.end() - 1);
        image.back() =
            static_cast<std::uint16_t>(ko_ ? go::apply(s, *ko_).index() : go::kNumPoints);
        if (best.empty() || image < best) best = image;
    }
    best.insert(best.begin(), tracker_.to_move() == go::Color::White ? 1 : 0);
    return best;
}

PositionWalk::PositionWalk(Tree tree) : slots_{PositionKeyer(tree)} {}

PositionWalk::Slot PositionWalk::enter(Slot parent, bool last, const go::Move& move) {
    Slot slot = parent;
    if (!last) {
        if (free_.empty()) {
            slots_.push_back(slots_[parent]);
            slot = slots_.size() - 1;
        } else {
            slot = free_.back();
            free_.pop_back();
            slots_[slot] = slots_[parent];
        }
    }
    slots_[slot].play(move);
    return slot;
}

}  // namespace josekic::index
