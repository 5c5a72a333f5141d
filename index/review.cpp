#include "index/review.hpp"

#include <algorithm>

#include "index/game_lookup.hpp"
#include "index/index_options.hpp"
#include "index/query.hpp"
#include "trackers/corner_tracker.hpp"

namespace josekic::index {

namespace {

// The game's move number of each move of `played` (a corner's moves as the game played them,
// from `from` on), 0 for a tenuki: each stone is the next game move that is that stone.
std::vector<std::size_t> game_move_numbers(const game::GameRecord& record, std::size_t from,
                                           const std::vector<go::Move>& played) {
    std::vector<std::size_t> numbers;
    std::size_t next = from;
    for (const go::Move& move : played) {
        std::size_t number = 0;
        if (!move.is_pass()) {
            for (std::size_t i = next; i < record.moves.size(); ++i) {
                if (record.moves[i] == move) {
                    number = i + 1;
                    next = i + 1;
                    break;
                }
            }
        }
        numbers.push_back(number);
    }
    return numbers;
}

LineReview review_line(const IndexFile& index, Tree tree, std::string name, const QueryLine& query,
                       const game::GameRecord& record, std::size_t first_move_index,
                       std::size_t alternatives) {
    LineReview review;
    review.name = std::move(name);
    review.line = lookup(index, tree, query, 0);
    LookupResult& r = review.line;
    if (tree == Tree::Fuseki) {
        for (std::size_t k = 0; k < query.played.size(); ++k)
            review.game_move_numbers.push_back(k + 1);
    } else {
        review.game_move_numbers = game_move_numbers(record, first_move_index, query.played);
    }
    review.past_book_end = !r.node && r.continuations.empty();
    if (r.continuations.size() > alternatives) r.continuations.resize(alternatives);
    if (r.node) return review;
    review.book_count = node_stats(index, tree, r.last_known).count;
    review.left_at_move_number = review.game_move_numbers[r.matched];
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
