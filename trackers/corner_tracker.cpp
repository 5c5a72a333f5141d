#include "trackers/corner_tracker.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>

namespace josekic::trackers {

// Why these end rules: the length cap cuts the long tail of middle-game fighting; the gap
// rule follows the game phase, not locality, since a stone that returns to a corner is as
// near its stones after a long gap as after a short one. The figures from 1,998
// professional games are in docs/PERFORMANCE.md ("The default zone and end rules").

std::string_view name(SequenceEnd e) {
    switch (e) {
        case SequenceEnd::GameEnd:
            return "game-end";
        case SequenceEnd::ExclusionRing:
            return "exclusion-ring";
        case SequenceEnd::LengthCap:
            return "length-cap";
        case SequenceEnd::LongTenuki:
            return "long-tenuki";
        case SequenceEnd::DecidedOutside:
            return "decided-outside";
    }
    return "unknown";
}

CornerTracker::CornerTracker(const Zone& zone, Corner corner, const TrackerOptions& options)
    : zone_(&zone), corner_(corner), options_(options) {
    if (options_.cutoff.local()) line_board_.emplace();
}

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

ZoneRole CornerTracker::local_role(go::Point p, ZoneRole role) const {
    const CutoffRule& rule = options_.cutoff;
    // A lone stone is answered within the approach distance; once the corner holds two
    // stones, a stone near any of them belongs to it.
    const auto stones = std::count_if(moves_.begin(), moves_.end(),
                                      [](const go::Move& m) { return m.point.has_value(); });
    const int near = stones == 1 ? rule.approach : rule.distance;
    const auto within = [&](int distance) {
        return std::any_of(moves_.begin(), moves_.end(), [&](const go::Move& m) {
            return m.point && board_distance(*m.point, p) <= distance;
        });
    };
    const auto touches = [&] {
        return std::any_of(moves_.begin(), moves_.end(), [&](const go::Move& m) {
            return m.point &&
                   std::abs(int{m.point->x} - int{p.x}) + std::abs(int{m.point->y} - int{p.y}) == 1;
        });
    };
    if (role == ZoneRole::Zone) {
        const bool belongs = moves_.empty() ? in_corner_proper(corner_, p) : within(near);
        return belongs ? ZoneRole::Zone : ZoneRole::Outside;
    }
    switch (rule.ring_stone()) {
        case RingStone::Ends:
            return ZoneRole::Ring;
        case RingStone::EndsWhenNear:
            return within(near) ? ZoneRole::Ring : ZoneRole::Outside;
        case RingStone::EndsOnContact:
            return touches() ? ZoneRole::Ring : ZoneRole::Outside;
    }
    return role;
}

bool CornerTracker::takes_line_stone(const go::Board& game) const {
    return std::ranges::any_of(game.last_captured_points(), [&](std::uint16_t index) {
        return line_board_->at(go::Point::from_index(index)) != go::Stone::Empty;
    });
}

bool CornerTracker::replays_alone(const go::Move& move, bool tenuki, const go::Board& game) {
    go::Board& line = *line_board_;
    if (tenuki) line.play(go::Move::pass(go::opponent(move.color)));
    go::MoveVerdict verdict = line.play(move);
    // A ko retaken after threats elsewhere is a retake at once on the line alone: lookup
    // replays it as the game went (dictionary::PositionTracker lifts the ban), so does this.
    if (verdict == go::MoveVerdict::KoRecapture) {
        line.play(go::Move::pass(go::opponent(move.color)));
        verdict = line.play(move);
    }
    // A stone on a stone of the line (lookup refuses it), or one that lives on the game's
    // board only by stones left out of the line.
    if (verdict != go::MoveVerdict::Legal) return false;
    // The line's stones are a part of the game's stones before the move: they stay so when
    // the line loses no stone the game keeps, and the game loses no stone the line keeps.
    const auto gone_from_game = [&](std::uint16_t index) {
        return game.at(go::Point::from_index(index)) == go::Stone::Empty;
    };
    return std::ranges::all_of(line.last_captured_points(), gone_from_game) &&
           !takes_line_stone(game);
}

void CornerTracker::play(const go::Move& move, std::size_t game_index, const go::Board* game) {
    if (blocked_ || !active()) return;
    ZoneRole role = move.point ? zone_->role(corner_, *move.point) : ZoneRole::Outside;
    if (options_.cutoff.local() && role != ZoneRole::Outside) role = local_role(*move.point, role);
    if (role == ZoneRole::Ring) {
        stop(SequenceEnd::ExclusionRing);
        return;
    }
    if (role == ZoneRole::Outside) {
        // A stone left out of the line captured some of it: the corner's fight was decided
        // from outside, and the line alone would keep stones the game lost.
        if (line_board_ && takes_line_stone(*game)) {
            stop(SequenceEnd::DecidedOutside);
            return;
        }
        // Before the first stone the corner is empty and waiting costs nothing.
        if (game_index >= gap_deadline_) stop(SequenceEnd::LongTenuki);
        return;
    }
    // The moves from here to the deadline will all have been elsewhere when it is reached:
    // a gap of max_gap + 1. A limit no game can reach (--max-gap near SIZE_MAX) must not
    // wrap around.
    const bool reachable = options_.max_gap != 0 && options_.max_gap < SIZE_MAX - 1 - game_index;
    gap_deadline_ = reachable ? game_index + options_.max_gap + 1 : SIZE_MAX;
    const bool tenuki = !moves_.empty() && moves_.back().color == move.color;
    // The corner was left alone: a long tenuki of its own kind (no new end reason, so that
    // the report and the index keep their records).
    if (tenuki && moves_.size() == 1 && options_.cutoff.ends_when_left_alone()) {
        stop(SequenceEnd::LongTenuki);
        return;
    }
    const std::size_t needed = tenuki ? 2 : 1;
    if (options_.max_length != 0 && moves_.size() + needed > options_.max_length) {
        stop(SequenceEnd::LengthCap);
        return;
    }
    if (line_board_ && !replays_alone(move, tenuki, *game)) {
        stop(SequenceEnd::DecidedOutside);
        return;
    }
    if (moves_.empty()) {
        first_move_index_ = game_index;
        // Room for a whole sequence at once rather than growing 1, 2, 4, ... moves.
        moves_.reserve(options_.max_length != 0 ? std::min<std::size_t>(options_.max_length, 64)
                                                : 32);
    }
    if (tenuki) {
        moves_.push_back(go::Move::pass(go::opponent(move.color)));
        ++tenukis_;
    }
    moves_.push_back(move);
    if (options_.max_length != 0 && moves_.size() == options_.max_length)
        stop(SequenceEnd::LengthCap);
}

void CornerTracker::finish() {
    if (!blocked_ && active()) stop(SequenceEnd::GameEnd);
}

CornerExtraction extract_corners(const Zone& zone, const TrackerOptions& options,
                                 const game::GameRecord& record, std::size_t legal_moves) {
    std::array<CornerTracker, 4> trackers = {CornerTracker(zone, Corner::UpperRight, options),
                                             CornerTracker(zone, Corner::UpperLeft, options),
                                             CornerTracker(zone, Corner::LowerLeft, options),
                                             CornerTracker(zone, Corner::LowerRight, options)};
    static_assert(kAllCorners[0] == Corner::UpperRight && kAllCorners[1] == Corner::UpperLeft &&
                  kAllCorners[2] == Corner::LowerLeft && kAllCorners[3] == Corner::LowerRight);
    CornerExtraction out;
    for (CornerTracker& t : trackers) {
        if (t.block_by_setup(record)) out.blocked_by_setup.push_back(t.corner());
    }
    // Most moves are Outside for every running tracker, and then only the gap rule can
    // act. So a tracker is fed a move only when the point is in its zone or ring (one
    // look-up of Zone::corners_touched() for all four) or when the earliest gap deadline
    // of the running trackers is reached (CornerTracker::play() allows the rest to be left
    // out). Once no tracker runs, the rest of the game cannot change anything.
    std::uint8_t running = 0;
    for (std::size_t c = 0; c < trackers.size(); ++c) {
        if (!trackers[c].done()) running |= static_cast<std::uint8_t>(1U << c);
    }
    // Under a local rule the trackers compare their lines with the game's board (a stone
    // left out of a line stays on it), so every move is played on it and a capture, wherever
    // it is played from, is fed to every running tracker.
    std::optional<go::Board> game;
    if (options.cutoff.local()) {
        game.emplace();
        for (go::Point p : record.setup_black) game->place_setup(go::Color::Black, p);
        for (go::Point p : record.setup_white) game->place_setup(go::Color::White, p);
    }
    std::size_t deadline = SIZE_MAX;  // no stone yet, so no gap
    const std::size_t n = std::min(legal_moves, record.moves.size());
    for (std::size_t i = 0; i < n && running != 0; ++i) {
        const go::Move& move = record.moves[i];
        std::uint8_t fed =
            move.point ? static_cast<std::uint8_t>(zone.corners_touched(*move.point) & running) : 0;
        if (i >= deadline) fed = running;
        if (game && game->play(move) == go::MoveVerdict::Legal && game->last_captures() > 0)
            fed = running;
        if (fed == 0) continue;
        for (unsigned bits = fed; bits != 0; bits &= bits - 1) {
            const auto c = static_cast<std::size_t>(std::countr_zero(bits));
            trackers[c].play(move, i, game ? &*game : nullptr);
            if (trackers[c].done()) running &= static_cast<std::uint8_t>(~(1U << c));
        }
        deadline = std::min({trackers[0].gap_deadline(), trackers[1].gap_deadline(),
                             trackers[2].gap_deadline(), trackers[3].gap_deadline()});
    }
    out.sequences.reserve(kAllCorners.size());
    for (CornerTracker& t : trackers) {
        t.finish();
        if (t.moves().empty()) continue;
        NormalizedSequence normal = normalize_corner_sequence(t.corner(), t.release_moves());
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

dictionary::LineOutcome line_outcome(game::Winner winner, ColourOrder colours) {
    using dictionary::LineOutcome;
    const bool swapped = colours == ColourOrder::Swapped;
    switch (winner) {
        case game::Winner::Black:
            return swapped ? LineOutcome::SecondPlayerWon : LineOutcome::FirstPlayerWon;
        case game::Winner::White:
            return swapped ? LineOutcome::FirstPlayerWon : LineOutcome::SecondPlayerWon;
        case game::Winner::Draw:
            return LineOutcome::Draw;
        case game::Winner::Unknown:
            return LineOutcome::Unknown;
    }
    return LineOutcome::Unknown;
}

}  // namespace josekic::trackers
