#include "trackers/corner_tracker.hpp"

#include <algorithm>

namespace josekic::trackers {

// Why these end rules (1,998 professional games, default zone, no cap, no gap rule):
// 99.5% of sequences ended in the exclusion ring, 0.5% at the end of the game; the
// sequence length was at most 10 for 57.5%, 20 for 81.1%, 30 for 92.7%, 40 for 97.8%.
// Between two consecutive stones in a zone, 78.3% of the time no move was played elsewhere,
// 95.3% within 12, 97.4% within 20, and 213 gaps exceeded 60 game moves: a corner that was
// left for more than 20 moves is taken up again in the middle game or endgame, and what is
// played there then is no longer a corner sequence.

std::string_view name(SequenceEnd e) {
    switch (e) {
        case SequenceEnd::GameEnd: return "game-end";
        case SequenceEnd::ExclusionRing: return "exclusion-ring";
        case SequenceEnd::LengthCap: return "length-cap";
        case SequenceEnd::LongTenuki: return "long-tenuki";
    }
    return "unknown";
}

CornerTracker::CornerTracker(const Zone& zone, Corner corner, const TrackerOptions& options)
    : zone_(&zone), corner_(corner), options_(options) {}

bool CornerTracker::block_by_setup(const game::GameRecord& record) {
    auto touches = [&](const std::vector<go::Point>& stones) {
        for (go::Point p : stones) {
            if (zone_->role(corner_, p) != ZoneRole::Outside) return true;
        }
        return false;
    };
    blocked_ = touches(record.setup_black) || touches(record.setup_white);
    return blocked_;
}

void CornerTracker::play(const go::Move& move, std::size_t game_index) {
    if (blocked_ || !active()) return;
    const ZoneRole role = move.point ? zone_->role(corner_, *move.point) : ZoneRole::Outside;
    if (role == ZoneRole::Ring) {
        stop(SequenceEnd::ExclusionRing);
        return;
    }
    if (role == ZoneRole::Outside) {
        // Before the first stone the corner is empty and waiting costs nothing.
        if (!moves_.empty() && ++gap_ > options_.max_gap && options_.max_gap != 0) stop(SequenceEnd::LongTenuki);
        return;
    }
    gap_ = 0;
    const bool tenuki = !moves_.empty() && moves_.back().color == move.color;
    const std::size_t needed = tenuki ? 2 : 1;
    if (options_.max_length != 0 && moves_.size() + needed > options_.max_length) {
        stop(SequenceEnd::LengthCap);
        return;
    }
    if (moves_.empty()) first_move_index_ = game_index;
    if (tenuki) {
        moves_.push_back(go::Move::pass(go::opponent(move.color)));
        ++tenukis_;
    }
    moves_.push_back(move);
    if (options_.max_length != 0 && moves_.size() == options_.max_length) stop(SequenceEnd::LengthCap);
}

void CornerTracker::finish() {
    if (!blocked_ && active()) stop(SequenceEnd::GameEnd);
}

CornerExtraction extract_corners(const Zone& zone, const TrackerOptions& options, const game::GameRecord& record,
                                 std::size_t legal_moves) {
    std::vector<CornerTracker> trackers;
    CornerExtraction out;
    for (Corner c : kAllCorners) {
        trackers.emplace_back(zone, c, options);
        if (trackers.back().block_by_setup(record)) ++out.blocked_by_setup;
    }
    const std::size_t n = std::min(legal_moves, record.moves.size());
    for (std::size_t i = 0; i < n; ++i) {
        for (CornerTracker& t : trackers) t.play(record.moves[i], i);
    }
    for (CornerTracker& t : trackers) {
        t.finish();
        if (t.moves().empty()) continue;
        NormalizedSequence normal = normalize_corner_sequence(t.corner(), t.moves());
        CornerSequence seq;
        seq.corner = t.corner();
        seq.moves = std::move(normal.moves);
        seq.end = *t.end();
        seq.colours = normal.colours;
        seq.symmetry = normal.symmetry;
        seq.first_move_index = t.first_move_index();
        seq.tenukis = t.tenukis();
        out.sequences.push_back(std::move(seq));
    }
    return out;
}

std::vector<CornerSequence> extract_corner_sequences(const Zone& zone, const TrackerOptions& options,
                                                     const game::GameRecord& record, std::size_t legal_moves) {
    return extract_corners(zone, options, record, legal_moves).sequences;
}

dictionary::LineOutcome line_outcome(game::Winner winner, ColourOrder colours) {
    using dictionary::LineOutcome;
    const bool swapped = colours == ColourOrder::Swapped;
    switch (winner) {
        case game::Winner::Black: return swapped ? LineOutcome::SecondPlayerWon : LineOutcome::FirstPlayerWon;
        case game::Winner::White: return swapped ? LineOutcome::FirstPlayerWon : LineOutcome::SecondPlayerWon;
        case game::Winner::Draw: return LineOutcome::Draw;
        case game::Winner::Unknown: return LineOutcome::Unknown;
    }
    return LineOutcome::Unknown;
}

}  // namespace josekic::trackers
