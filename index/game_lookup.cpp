#include "index/game_lookup.hpp"

#include <algorithm>

#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"
#include "trackers/zone.hpp"

namespace josekic::index {

namespace {

// A corner sequence as the game played it (its moves mapped back from the canonical frame).
QueryLine corner_query(const trackers::CornerSequence& sequence) {
    QueryLine q;
    q.canonical = sequence.moves;
    q.to_query = go::inverse(sequence.symmetry);
    q.colours_swapped = sequence.colours == trackers::ColourOrder::Swapped;
    for (const go::Move& m : q.canonical) q.played.push_back(q.in_query_frame(m));
    return q;
}

}  // namespace

GameLookup lookup_game(const IndexFile& index, const game::GameRecord& record,
                       std::size_t legal_moves, const GameLookupOptions& options) {
    GameLookup result;
    const auto fuseki_depth = static_cast<std::size_t>(trackers::OpeningOptions{}.max_moves);
    result.move_number = std::min(options.move.value_or(fuseki_depth), legal_moves);

    trackers::OpeningOptions opening;
    opening.max_moves = static_cast<int>(std::max<std::size_t>(result.move_number, 1));
    const trackers::CanonicalOpening canonical =
        trackers::normalise_opening(record, result.move_number, opening);
    QueryLine fuseki;
    fuseki.canonical = canonical.moves;
    fuseki.played.assign(record.moves.begin(), record.moves.begin() + static_cast<std::ptrdiff_t>(
                                                                          canonical.moves.size()));
    fuseki.to_query = go::inverse(canonical.symmetry);
    result.fuseki = lookup(index, Tree::Fuseki, fuseki, options.games, options.selection);

    const trackers::CornerExtraction corners = trackers::extract_corners(
        trackers::Zone::default_zone(), trackers::TrackerOptions{}, record, result.move_number);
    for (const trackers::CornerSequence& sequence : corners.sequences) {
        if (sequence.end != trackers::SequenceEnd::GameEnd) continue;  // shut off before
        result.corners.push_back(CornerLookup{
            sequence.corner,
            lookup(index, Tree::Joseki, corner_query(sequence), options.games, options.selection)});
    }
    return result;
}

}  // namespace josekic::index
