#include "core/dictionary/position_index.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace josekic::dictionary {

namespace {

go::Color color_of(go::Stone s) {
    return s == go::Stone::Black ? go::Color::Black : go::Color::White;
}

// kImageOf[k][i]: the index of point i's image under kAllSymmetries[k] (in that order).
constexpr const auto& kImageOf = go::kImageIndex;
using PointMap = std::array<std::uint16_t, go::kNumPoints>;

// The stones of a board as point index * 2 + (1 for White), row-major; returns their number.
std::size_t stones_of(const go::Board& board, std::array<std::uint16_t, go::kNumPoints>& stones) {
    std::size_t count = 0;
    for (std::uint8_t y = 0; y < go::kBoardSize; ++y) {
        for (std::uint8_t x = 0; x < go::kBoardSize; ++x) {
            const go::Point p{x, y};
            const go::Stone s = board.at(p);
            if (s != go::Stone::Empty) {
                stones[count++] =
                    static_cast<std::uint16_t>(p.index() * 2 + (s == go::Stone::White ? 1 : 0));
            }
        }
    }
    return count;
}

// XORs the stone `c` at row-major `index` into (or out of) the 8 image keys.
// Written out over the 8 images (a fold, not a loop): this runs for every move of every
// node, and the loop's counter and addressing cost a third of it.
template <std::size_t... I>
void toggle_each(std::array<go::Hash128, 8>& images, const PositionKeyTables& tables, go::Color c,
                 std::size_t at, std::index_sequence<I...>) {
    ((images[I] ^= tables.key_at(c, kImageOf[I][at])), ...);
}
void toggle(std::array<go::Hash128, 8>& images, const PositionKeyTables& tables, go::Color c,
            int index) {
    toggle_each(images, tables, c, static_cast<std::size_t>(index), std::make_index_sequence<8>());
}

}  // namespace

PositionTracker::PositionTracker(const PositionKeyTables& tables, KeyUpdates keys)
    : tables_(&tables), keys_(keys) {}

ReplayStep PositionTracker::play(const go::Move& m) {
    to_move_ = go::opponent(m.color);
    if (m.is_pass()) {
        board_.play(m);
        return ReplayStep::Played;
    }
    const go::Point p = *m.point;
    go::MoveVerdict verdict = board_.play(m);
    if (verdict == go::MoveVerdict::Legal) {
        if (keys_ == KeyUpdates::Off) return ReplayStep::Played;
        // The common case: one stone added, each image key changes by one XOR.
        toggle(images_, *tables_, m.color, p.index());
        // Captures (rare in a joseki line) take their stones off the keys the same way.
        for (const std::uint16_t taken : board_.last_captured_points())
            toggle(images_, *tables_, go::opponent(m.color), taken);
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
    if (keys_ == KeyUpdates::On) rehash();
    return ReplayStep::Forced;
}

void PositionTracker::rehash() {
    images_.fill(go::Hash128{});
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Stone s = board_.at(go::Point::from_index(i));
        if (s != go::Stone::Empty) toggle(images_, *tables_, color_of(s), i);
    }
}

go::Hash128 PositionTracker::image_key(go::Symmetry s) const {
    go::Hash128 key = images_[static_cast<std::size_t>(s)];
    if (to_move_ == go::Color::White) key ^= tables_->white_to_move;
    return key;
}

go::Hash128 PositionTracker::canonical_key() const {
    return canonical_choice().key;
}

go::Symmetry PositionTracker::canonical_symmetry() const {
    return canonical_choice().symmetry;
}

PositionTracker::CanonicalChoice PositionTracker::canonical_choice() const {
    // image_key() for each image, compared as (high, low) like Hash128's ordering; once per
    // node of every dictionary, so the side-to-move key is taken once and not per image.
    const go::Hash128 side = to_move_ == go::Color::White ? tables_->white_to_move : go::Hash128{};
    // The high halves alone decide unless the smallest one is shared, which with real keys
    // means equal image keys (a position that is its own image): one pass over 8 words,
    // and the full comparison only then.
    std::size_t best = 0;
    std::uint64_t best_high = images_[0].high ^ side.high;
    bool tied = false;
    const auto consider = [&](std::size_t k) {
        const std::uint64_t high = images_[k].high ^ side.high;
        tied = high < best_high ? false : tied || high == best_high;
        best = high < best_high ? k : best;
        best_high = high < best_high ? high : best_high;
    };
    // Written out, not looped: the loop's counter and addressing were a third of the cost.
    consider(1);
    consider(2);
    consider(3);
    consider(4);
    consider(5);
    consider(6);
    consider(7);
    if (!tied)
        return CanonicalChoice{go::kAllSymmetries[best], true,
                               go::Hash128{best_high, images_[best].low ^ side.low}};

    CanonicalChoice choice;
    std::uint64_t best_low = images_[0].low ^ side.low;
    best_high = images_[0].high ^ side.high;
    for (std::size_t k = 1; k < images_.size(); ++k) {
        const std::uint64_t high = images_[k].high ^ side.high;
        const std::uint64_t low = images_[k].low ^ side.low;
        if (high < best_high || (high == best_high && low < best_low)) {
            choice.symmetry = go::kAllSymmetries[k];
            choice.unique = true;
            best_high = high;
            best_low = low;
        } else if (high == best_high && low == best_low) {
            choice.unique = false;
        }
    }
    choice.key = go::Hash128{best_high, best_low};
    return choice;
}

void append_canonical_form(const go::Board& board, go::Color to_move,
                           std::vector<std::uint16_t>& out) {
    std::array<std::uint16_t, go::kNumPoints> stones;
    const std::size_t count = stones_of(board, stones);
    append_canonical_form(std::span<std::uint16_t>(stones.data(), count), to_move, out);
}

namespace {

// Sorts into `best` the smallest image of `stones` among the 8 symmetries, compared by the
// stones and then by the image of `ko` (kNumPoints: none, the same under every symmetry);
// returns the ko's image there.
std::uint16_t smallest_image(std::span<const std::uint16_t> stones, std::uint16_t ko,
                             std::array<std::uint16_t, go::kNumPoints>& best) {
    // A few dozen stones instead of 361 points per image: this runs for every node whose
    // key another node shares.
    const std::size_t count = stones.size();
    const auto end_of = [count](auto& a) { return a.begin() + static_cast<std::ptrdiff_t>(count); };
    std::array<std::uint16_t, go::kNumPoints> image;
    std::uint16_t best_ko = ko;
    for (std::size_t k = 0; k < kImageOf.size(); ++k) {
        for (std::size_t j = 0; j < count; ++j) {
            image[j] = static_cast<std::uint16_t>(kImageOf[k][stones[j] / 2] * 2 + stones[j] % 2);
        }
        std::sort(image.begin(), end_of(image));
        const std::uint16_t ko_image =
            ko == go::kNumPoints ? ko : static_cast<std::uint16_t>(kImageOf[k][ko]);
        const bool smaller =
            k == 0 ||
            std::lexicographical_compare(image.begin(), end_of(image), best.begin(),
                                         end_of(best)) ||
            (std::equal(image.begin(), end_of(image), best.begin()) && ko_image < best_ko);
        if (smaller) {
            std::copy_n(image.begin(), count, best.begin());
            best_ko = ko_image;
        }
    }
    return best_ko;
}

}  // namespace

void append_canonical_form(std::span<std::uint16_t> stones, go::Color to_move,
                           std::vector<std::uint16_t>& out) {
    std::array<std::uint16_t, go::kNumPoints> best;
    smallest_image(stones, go::kNumPoints, best);
    out.push_back(to_move == go::Color::White ? 1 : 0);
    out.insert(out.end(), best.begin(), best.begin() + static_cast<std::ptrdiff_t>(stones.size()));
}

void append_canonical_form_with_ko(const go::Board& board, go::Color to_move,
                                   std::optional<go::Point> ko, std::vector<std::uint16_t>& out) {
    std::array<std::uint16_t, go::kNumPoints> stones;
    const std::size_t count = stones_of(board, stones);
    std::array<std::uint16_t, go::kNumPoints> best;
    const std::uint16_t ko_image = smallest_image(
        std::span<const std::uint16_t>(stones.data(), count),
        ko ? static_cast<std::uint16_t>(ko->index()) : std::uint16_t{go::kNumPoints}, best);
    out.push_back(to_move == go::Color::White ? 1 : 0);
    out.insert(out.end(), best.begin(), best.begin() + static_cast<std::ptrdiff_t>(count));
    out.push_back(ko_image);
}

void append_image_form(std::span<const std::uint16_t> stones, go::Symmetry s, go::Color to_move,
                       std::vector<std::uint16_t>& out) {
    const PointMap& map = kImageOf[static_cast<std::size_t>(s)];
    out.push_back(to_move == go::Color::White ? 3 : 2);
    // Sorted through a bitmap of the 722 possible values instead of std::sort: this runs
    // for every node whose key another node shares (a few dozen stones each, often fewer),
    // where the sort and a push_back per stone cost several times the 12 words read back.
    std::array<std::uint64_t, (2 * go::kNumPoints + 63) / 64> present{};
    for (const std::uint16_t stone : stones) {
        const auto value = static_cast<std::size_t>(map[stone / 2] * 2 + stone % 2);
        present[value / 64] |= std::uint64_t{1} << (value % 64);
    }
    const std::size_t begin = out.size();
    out.resize(begin + stones.size());
    std::uint16_t* at = out.data() + begin;
    for (std::size_t word = 0; word < present.size(); ++word) {
        for (std::uint64_t bits = present[word]; bits != 0; bits &= bits - 1) {
            *at++ = static_cast<std::uint16_t>(word * 64 +
                                               static_cast<std::size_t>(__builtin_ctzll(bits)));
        }
    }
    out.resize(static_cast<std::size_t>(at - out.data()));  // a point given twice is one stone
}

void append_image_form(const go::Board& board, go::Symmetry s, go::Color to_move,
                       std::vector<std::uint16_t>& out) {
    std::array<std::uint16_t, go::kNumPoints> stones;
    const std::size_t count = stones_of(board, stones);
    append_image_form(std::span<const std::uint16_t>(stones.data(), count), s, to_move, out);
}

CanonicalStones canonical_stones(const go::Board& board, go::Color to_move) {
    // The smallest image point by point. Stone is a uint8_t enum, so byte order (memcmp) is
    // the order of CanonicalStones::operator<=> on the points; this runs once per node
    // with a transposition when classes are verified, hence the tables instead of apply().
    std::array<go::Stone, go::kNumPoints> stones{};
    for (int i = 0; i < go::kNumPoints; ++i)
        stones[static_cast<std::size_t>(i)] = board.at(go::Point::from_index(i));
    CanonicalStones best;
    best.to_move = to_move;
    CanonicalStones image;
    for (std::size_t k = 0; k < go::kAllSymmetries.size(); ++k) {
        // The point whose stone lands on index j under the k-th symmetry is j's image under
        // its inverse, so the image is filled in row-major order and compared as it is built.
        const auto& from =
            go::kImageIndex[static_cast<std::size_t>(go::inverse(go::kAllSymmetries[k]))];
        for (std::size_t j = 0; j < stones.size(); ++j) image.points[j] = stones[from[j]];
        if (k == 0 ||
            std::memcmp(image.points.data(), best.points.data(), sizeof image.points) < 0) {
            best.points = image.points;
        }
    }
    return best;
}

}  // namespace josekic::dictionary
