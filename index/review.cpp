#include "index/review.hpp"

#include <algorithm>

#include "index/game_lookup.hpp"
#include "index/query.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/zone.hpp"

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
    review.lines.push_back(
        review_line(index, Tree::Fuseki, "opening", whole.fuseki.query, record, 0, alternatives));
    const trackers::CornerExtraction corners = trackers::extract_corners(
        trackers::Zone::default_zone(), trackers::TrackerOptions{}, record, legal_moves);
    for (const trackers::CornerSequence& sequence : corners.sequences) {
        QueryLine q;
        q.canonical = sequence.moves;
        q.to_query = go::inverse(sequence.symmetry);
        q.colours_swapped = sequence.colours == trackers::ColourOrder::Swapped;
        for (const go::Move& m : q.canonical) q.played.push_back(q.in_query_frame(m));
        review.lines.push_back(review_line(index, Tree::Joseki,
                                           std::string(trackers::name(sequence.corner)), q, record,
                                           sequence.first_move_index, alternatives));
    }
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
