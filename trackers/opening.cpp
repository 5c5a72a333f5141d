#include "trackers/opening.hpp"

#include <algorithm>

#include "core/go/move_image.hpp"

namespace josekic::trackers {

namespace {

constexpr int kCentre = go::kBoardSize / 2;

constexpr int quadrant_of(go::Point p) {
    const bool top = p.y <= kCentre;
    const bool right = p.x >= kCentre;
    if (top && right) return 0;
    if (top) return 1;
    if (right) return 2;
    return 3;
}

constexpr int half_of(go::Point p) {
    const int to_horizontal_edge = std::min<int>(p.y, go::kLastLine - p.y);
    const int to_vertical_edge = std::min<int>(p.x, go::kLastLine - p.x);
    return to_horizontal_edge <= to_vertical_edge ? 0 : 1;
}

constexpr int rank_of(go::Point p) {
    return (quadrant_of(p) * 2 + half_of(p)) * go::kNumPoints + p.x * go::kBoardSize + p.y;
}

// The best image of the upper-left 4-4 point is the upper-right 4-4 point, and of a
// lower-half point its mirror in the diagonal: the order does what the header promises.
static_assert(rank_of(go::Point{15, 3}) < rank_of(go::Point{3, 3}));
static_assert(rank_of(go::Point{13, 2}) < rank_of(go::Point{16, 5}));
static_assert(rank_of(go::Point{9, 3}) < rank_of(go::Point{15, 9}));

// rank_of by point index, for place(), which ranks the images of a move under every
// remaining candidate: a look-up instead of quadrant and half computed 8 times per move.
constexpr std::array<int, go::kNumPoints> kRankByIndex = [] {
    std::array<int, go::kNumPoints> table{};
    for (int i = 0; i < go::kNumPoints; ++i)
        table[static_cast<std::size_t>(i)] = rank_of(go::Point::from_index(i));
    return table;
}();

int table_rank(go::Point p) {
    return kRankByIndex[static_cast<std::size_t>(p.index())];
}

// The ranks of the images of `points` under `s`, sorted, into `ranks` (its buffer reused).
void sorted_image_ranks(go::Symmetry s, std::span<const go::Point> points,
                        std::vector<int>& ranks) {
    const auto& images = go::kImageIndex[static_cast<std::size_t>(s)];
    ranks.clear();
    for (go::Point p : points)
        ranks.push_back(kRankByIndex[images[static_cast<std::size_t>(p.index())]]);
    std::sort(ranks.begin(), ranks.end());
}

std::vector<go::Point> sorted_images(go::Symmetry s, std::span<const go::Point> points) {
    std::vector<go::Point> images;
    images.reserve(points.size());
    for (go::Point p : points) images.push_back(go::apply(s, p));
    std::sort(images.begin(), images.end(),
              [](go::Point a, go::Point b) { return table_rank(a) < table_rank(b); });
    return images;
}

}  // namespace

int canonical_rank(go::Point p) {
    return rank_of(p);
}

OpeningClass classify_opening(const game::GameRecord& record) {
    if (record.info.handicap >= 2) return OpeningClass::Handicap;
    if (!record.setup_black.empty() || !record.setup_white.empty())
        return OpeningClass::SetupStones;
    // The first move decides, pass or not: a record that opens with W[] or W[tt] has
    // White moving first just as much as one that opens with a White stone.
    if (!record.moves.empty() && record.moves.front().color == go::Color::White)
        return OpeningClass::WhiteFirst;
    return OpeningClass::Even;
}

SymmetryNormaliser::SymmetryNormaliser() : candidates_(go::kAllSymmetries) {}

SymmetryNormaliser::Setup SymmetryNormaliser::place_setup(std::span<const go::Point> black,
                                                          std::span<const go::Point> white) {
    std::size_t kept = 0;
    // Four buffers for the whole search: a candidate that becomes the best swaps its ranks
    // with the old best's, whose buffers the next candidate then fills.
    std::vector<int> best_black;
    std::vector<int> best_white;
    std::vector<int> b;
    std::vector<int> w;
    for (std::size_t i = 0; i < count_; ++i) {
        const go::Symmetry s = candidates_[i];
        sorted_image_ranks(s, black, b);
        sorted_image_ranks(s, white, w);
        if (kept > 0) {
            const auto order = std::tie(b, w) <=> std::tie(best_black, best_white);
            if (order > 0) continue;
            if (order < 0) kept = 0;
        }
        if (kept == 0) {
            best_black.swap(b);
            best_white.swap(w);
        }
        candidates_[kept++] = s;
    }
    count_ = kept;
    return Setup{sorted_images(transform(), black), sorted_images(transform(), white)};
}

go::Move SymmetryNormaliser::place(const go::Move& move) {
    if (move.is_pass()) return move;
    // Once one symmetry is left (usually after the first stone or two) there is nothing to
    // rank: the rest of the line only follows it.
    if (count_ == 1) return go::apply(candidates_[0], move);
    std::size_t kept = 0;
    int best = 0;
    for (std::size_t i = 0; i < count_; ++i) {
        const go::Symmetry s = candidates_[i];
        const auto& images = go::kImageIndex[static_cast<std::size_t>(s)];
        const int rank = kRankByIndex[images[static_cast<std::size_t>(move.point->index())]];
        if (kept > 0 && rank > best) continue;
        if (kept == 0 || rank < best) {
            kept = 0;
            best = rank;
        }
        candidates_[kept++] = s;
    }
    count_ = kept;
    return go::apply(transform(), move);
}

std::vector<go::Move> canonical_line(std::span<const go::Move> line) {
    SymmetryNormaliser normaliser;
    std::vector<go::Move> out;
    out.reserve(line.size());
    for (const go::Move& m : line) out.push_back(normaliser.place(m));
    return out;
}

CanonicalOpening normalise_opening(const game::GameRecord& record, std::size_t legal_moves,
                                   const OpeningOptions& options) {
    CanonicalOpening opening;
    opening.opening_class = classify_opening(record);
    SymmetryNormaliser normaliser;
    if (!record.setup_black.empty() || !record.setup_white.empty()) {
        auto setup = normaliser.place_setup(record.setup_black, record.setup_white);
        opening.setup_black = std::move(setup.black);
        opening.setup_white = std::move(setup.white);
    }
    const std::size_t cap = options.max_moves > 0 ? static_cast<std::size_t>(options.max_moves) : 0;
    const std::size_t n = std::min({legal_moves, cap, record.moves.size()});
    // Sized once and written in place: the moves are 4 bytes each, and push_back's checks
    // cost more than the look-up that maps a move.
    opening.moves.resize(n);
    std::size_t i = 0;
    for (; i < n && normaliser.candidates().size() > 1; ++i)
        opening.moves[i] = normaliser.place(record.moves[i]);
    // One symmetry is left (usually after the first stone or two): the rest of the opening
    // only follows it, as place() would, without asking for every move.
    const go::MoveImage image(normaliser.transform());
    for (; i < n; ++i) opening.moves[i] = image(record.moves[i]);
    opening.symmetry = normaliser.transform();
    return opening;
}

std::vector<go::Move> canonical_opening(const game::GameRecord& record, std::size_t legal_moves,
                                        int max_moves) {
    return normalise_opening(record, legal_moves, OpeningOptions{max_moves}).moves;
}

}  // namespace josekic::trackers
