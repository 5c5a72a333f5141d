#include "index/game_lookup.hpp"

#include <algorithm>

#include "index/index_options.hpp"
#include "index/line_moves.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"

namespace josekic::index {

QueryLine corner_query(const trackers::CornerSequence& sequence) {
    QueryLine q;
    q.canonical = sequence.moves;
    q.to_query = go::inverse(sequence.symmetry);
    q.colours_swapped = sequence.colours == trackers::ColourOrder::Swapped;
    q.played = moves_as_played(sequence);
    return q;
}

namespace {

std::string why_shut_off(trackers::SequenceEnd end, const trackers::TrackerOptions& tracker) {
    switch (end) {
        case trackers::SequenceEnd::ExclusionRing:
            return "its line ended before this move: a stone was played in its exclusion ring";
        case trackers::SequenceEnd::LengthCap:
            return "its line ended before this move: it reached the length cap (max-length " +
                   std::to_string(tracker.max_length) + ")";
        case trackers::SequenceEnd::LongTenuki:
            return "its line ended before this move: more than " + std::to_string(tracker.max_gap) +
                   " moves in a row were played elsewhere (max-gap)";
        case trackers::SequenceEnd::DecidedOutside:
            return "its line ended before this move: stones left out of it (play elsewhere for "
                   "this corner) took part in a capture there or gave a corner stone its "
                   "liberty, so the line alone would not replay as the game went "
                   "(decided-outside)";
        case trackers::SequenceEnd::GameEnd:
            break;
    }
    return {};
}

}  // namespace

std::vector<CornerWithoutLine> corners_without_line(const trackers::CornerExtraction& corners,
                                                    const trackers::TrackerOptions& tracker,
                                                    std::optional<std::size_t> at_move) {
    std::vector<CornerWithoutLine> out;
    for (const trackers::Corner corner : trackers::kAllCorners) {
        const auto in_corner = [corner](const trackers::CornerSequence& s) {
            return s.corner == corner;
        };
        const auto sequence = std::ranges::find_if(corners.sequences, in_corner);
        if (sequence != corners.sequences.end()) {
            if (at_move && sequence->end != trackers::SequenceEnd::GameEnd)
                out.push_back(CornerWithoutLine{corner, why_shut_off(sequence->end, tracker)});
            continue;
        }
        const bool blocked =
            std::ranges::find(corners.blocked_by_setup, corner) != corners.blocked_by_setup.end();
        std::string why;
        if (blocked)
            why =
                "setup stones (a handicap) stand in its zone or its exclusion ring, so the "
                "dictionary holds no line of it";
        else if (at_move)
            why = "no corner sequence: no stone was played in its zone in the first " +
                  std::to_string(*at_move) + " moves, or a stone in its exclusion ring shut it";
        else
            why =
                "no corner sequence: no stone was played in its zone before the game ended or "
                "a stone in its exclusion ring shut it";
        out.push_back(CornerWithoutLine{corner, std::move(why)});
    }
    return out;
}

GameLookup lookup_game(const IndexFile& index, const game::GameRecord& record,
                       std::size_t legal_moves, const GameLookupOptions& options) {
    GameLookup result;
    const TrackingOptions tracking = tracking_options(index);
    const auto fuseki_depth = static_cast<std::size_t>(tracking.opening.max_moves);
    result.move_number = std::min(options.move.value_or(fuseki_depth), legal_moves);

    trackers::OpeningOptions opening;
    opening.max_moves = static_cast<int>(std::max<std::size_t>(result.move_number, 1));
    const trackers::CanonicalOpening canonical =
        trackers::normalise_opening(record, result.move_number, opening);
    if (trackers::fuseki_tree_of(canonical.opening_class) != trackers::FusekiTree::Even) {
        result.fuseki_not_indexed =
            "a " + std::string(trackers::name(canonical.opening_class)) +
            " game: the index holds the openings of even games only (compile "
            "--fuseki-handicap writes handicap openings to fuseki-handicap.sgf, which is not "
            "indexed)";
    } else if (result.move_number > fuseki_depth) {
        result.fuseki_not_indexed = "the index holds the first " + std::to_string(fuseki_depth) +
                                    " moves of each opening (compile --fuseki-moves " +
                                    std::to_string(fuseki_depth) + "), and move " +
                                    std::to_string(result.move_number) + " is past them";
    }
    QueryLine fuseki;
    fuseki.canonical = canonical.moves;
    fuseki.played.assign(record.moves.begin(), record.moves.begin() + static_cast<std::ptrdiff_t>(
                                                                          canonical.moves.size()));
    fuseki.to_query = go::inverse(canonical.symmetry);
    if (!result.fuseki_not_indexed)
        result.fuseki = lookup(index, Tree::Fuseki, fuseki, options.games, options.selection);

    const trackers::CornerExtraction corners =
        trackers::extract_corners(tracking.zone, tracking.tracker, record, result.move_number);
    for (const trackers::CornerSequence& sequence : corners.sequences) {
        if (sequence.end != trackers::SequenceEnd::GameEnd) continue;  // shut off before
        result.corners.push_back(CornerLookup{
            sequence.corner,
            lookup(index, Tree::Joseki, corner_query(sequence), options.games, options.selection)});
    }
    result.corners_not_tracked =
        corners_without_line(corners, tracking.tracker, result.move_number);
    return result;
}

}  // namespace josekic::index
