#include "index/review.hpp"

#include <algorithm>

#include "index/game_lookup.hpp"
#include "index/index_options.hpp"
#include "index/query.hpp"
#include "trackers/corner_tracker.hpp"

namespace josekic::index {

namespace {

// The game's move number of the first move at or after `from` that is `move` (a stone).
std::size_t move_number_of(const game::GameRecord& record, std::size_t from, const go::Move& move) {
    if (move.is_pass()) return 0;
    for (std::size_t i = from; i < record.moves.size(); ++i)
        if (record.moves[i] == move) return i + 1;
    return 0;
}

LineReview review_line(const IndexFile& index, Tree tree, std::string name, const QueryLine& query,
                       const game::GameRecord& record, std::size_t first_move_index,
                       std::size_t alternatives) {
    LineReview review{std::move(name), lookup(index, tree, query, 0), 0, 0};
    LookupResult& r = review.line;
    review.past_book_end = !r.node && r.continuations.empty();
    if (r.continuations.size() > alternatives) r.continuations.resize(alternatives);
    if (r.node) return review;
    review.book_count = node_stats(index, tree, r.last_known).count;
    review.left_at_move_number =
        tree == Tree::Fuseki ? r.matched + 1
                             : move_number_of(record, first_move_index, query.played[r.matched]);
    return review;
}

}  // namespace

GameReview review_game(const IndexFile& index, const game::GameRecord& record,
                       std::size_t legal_moves, std::size_t alternatives) {
    GameReview review;
    GameLookupOptions options;
    options.games = 0;
    const GameLookup whole = lookup_game(index, record, legal_moves, options);
    review.opening_not_indexed = whole.fuseki_not_indexed;
    if (!whole.fuseki_not_indexed) {
        review.lines.push_back(review_line(index, Tree::Fuseki, "opening", whole.fuseki.query,
                                           record, 0, alternatives));
    }
    const TrackingOptions tracking = tracking_options(index);
    const trackers::CornerExtraction corners =
        trackers::extract_corners(tracking.zone, tracking.tracker, record, legal_moves);
    for (const trackers::CornerSequence& sequence : corners.sequences) {
        review.lines.push_back(
            review_line(index, Tree::Joseki, std::string(trackers::name(sequence.corner)),
                        corner_query(sequence), record, sequence.first_move_index, alternatives));
    }
    review.corners_not_reviewed = corners_without_line(corners, tracking.tracker, std::nullopt);
    // Deviations first, the most common book position first; lines in the book keep their
    // order after them.
    std::stable_sort(review.lines.begin(), review.lines.end(),
                     [](const LineReview& a, const LineReview& b) {
                         if (a.line.node.has_value() != b.line.node.has_value())
                             return !a.line.node.has_value();
                         return a.book_count > b.book_count;
                     });
    return review;
}

}  // namespace josekic::index
