#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "core/game/game_record.hpp"
#include "core/go/board.hpp"
#include "core/go/move.hpp"
#include "trackers/corner.hpp"
#include "trackers/cutoff.hpp"
#include "trackers/normalize.hpp"
#include "trackers/zone.hpp"

namespace josekic::trackers {

/// The end rules of a corner sequence besides the exclusion ring and the end of the game.
/// Defaults from 1,998 professional games (figures in docs/PERFORMANCE.md, "The default zone
/// and end rules").
struct TrackerOptions {
    /// Longest sequence kept, passes (tenuki) included; 0 means no cap. Nearly all corner
    /// sequences are at most 30 moves long; longer ones are middle-game fights.
    std::size_t max_length = 30;
    /// The tracker shuts off when more than this many game moves in a row are played outside
    /// its zone after the sequence has started; 0 means no limit. A corner left that long is
    /// taken up again in the middle game, while a stone that returns sooner often still
    /// answers a lone corner stone (an approach to a 4-4 that waited), so a shorter limit
    /// would cut joseki.
    std::size_t max_gap = 40;
    /// Which zone stones belong to the corner and which ring stones end it (cutoff.hpp).
    CutoffRule cutoff;
};

/// Why a corner sequence ended.
enum class SequenceEnd : std::uint8_t {
    GameEnd,        ///< the game (or its legal part) ended
    ExclusionRing,  ///< a stone was played in the corner's exclusion ring
    LengthCap,      ///< TrackerOptions::max_length was reached
    LongTenuki,     ///< more than TrackerOptions::max_gap game moves in a row were played elsewhere
                    ///< (under the contested rule also: a lone stone left alone)
    DecidedOutside,  ///< under a local cutoff rule only: a stone left out of the line (play
                     ///< elsewhere for the corner) took part in a capture, so that the line
                     ///< replayed alone would no longer hold the corner's stones as the game
                     ///< does, or the next corner move could not be played on the line alone
};

inline constexpr std::array<SequenceEnd, 5> kAllSequenceEnds = {
    SequenceEnd::GameEnd, SequenceEnd::ExclusionRing, SequenceEnd::LengthCap,
    SequenceEnd::LongTenuki, SequenceEnd::DecidedOutside};

/// A stable kebab-case name for reports, e.g. "exclusion-ring".
std::string_view name(SequenceEnd e);

/// One corner's sequence from one game, normalised (see normalize.hpp).
struct CornerSequence {
    Corner corner = Corner::UpperRight;  ///< where it was played
    std::vector<go::Move> moves;         ///< canonical moves; a pass is a real tenuki
    SequenceEnd end = SequenceEnd::GameEnd;
    ColourOrder colours = ColourOrder::AsPlayed;
    go::Symmetry symmetry = go::Symmetry::Identity;  ///< canonical = apply(symmetry, game point)
    std::size_t first_move_index = 0;  ///< index in GameRecord::moves of the first stone
    std::size_t tenukis = 0;           ///< passes inserted for real tenuki
};

/// What the four trackers found in one game.
struct CornerExtraction {
    /// Sequences of length > 0, in corner order (kAllCorners).
    std::vector<CornerSequence> sequences;
    /// Corners whose tracker never started because setup stones (AB/AW) lie in the zone or
    /// ring, in corner order.
    std::vector<Corner> blocked_by_setup;
};

/// One corner's tracker, driven move by move. Rules (the ring cutoff; a local one,
/// TrackerOptions::cutoff, first sorts far zone stones and ring stones into play elsewhere):
/// a stone in the zone extends the
/// sequence; if it has the colour of the previous stone in the zone, the other side
/// played elsewhere (a real tenuki) and a pass of the other colour is put before it, so
/// colours alternate; a stone in the exclusion ring, the length cap or max_gap moves in a
/// row elsewhere shut the tracker off for the rest of the game. A pass in the game is a
/// move outside every zone. A trailing tenuki is not recorded: only a stone that follows
/// it proves it. Under a local rule the line also ends when it would not replay alone as
/// the game went (SequenceEnd::DecidedOutside): whatever the tracker records, lookup can
/// replay by the same moves on an empty board (issue 26).
class CornerTracker {
  public:
    CornerTracker(const Zone& zone, Corner corner, const TrackerOptions& options);

    /// Shuts the tracker off before the first move if a setup stone is in the zone or ring.
    /// Returns true when it did.
    bool block_by_setup(const game::GameRecord& record);
    /// Feeds a move of the game (index `game_index` in GameRecord::moves), in game order.
    /// A move that is Outside for this corner may be left out when its index is below
    /// gap_deadline() and, under a local cutoff rule, it captured nothing: it changes nothing
    /// then. Every other move must be fed. Under a local rule `game` is the game's board
    /// after the move, which was legal on it (it must not be null then); under `ring` it is
    /// not read.
    void play(const go::Move& move, std::size_t game_index, const go::Board* game = nullptr);
    /// The game index at which one more move outside the zone and ring ends the sequence
    /// (SequenceEnd::LongTenuki); SIZE_MAX while no gap can end it (no stone yet, no gap
    /// limit, or the tracker is done).
    std::size_t gap_deadline() const { return gap_deadline_; }
    /// Ends the sequence at the end of the game, if it is still running.
    void finish();

    bool active() const { return !end_.has_value(); }
    /// True when no further move can change the sequence (ended, or blocked by setup).
    bool done() const { return blocked_ || end_.has_value(); }
    Corner corner() const { return corner_; }
    /// The sequence as played so far (game coordinates).
    const std::vector<go::Move>& moves() const { return moves_; }
    /// Hands the sequence as played over to the caller (moves() is empty afterwards), so
    /// that normalisation can reuse its buffer. Call after finish().
    std::vector<go::Move> release_moves() { return std::exchange(moves_, {}); }
    /// Why it ended; nullopt while running.
    std::optional<SequenceEnd> end() const { return end_; }
    std::size_t first_move_index() const { return first_move_index_; }
    std::size_t tenukis() const { return tenukis_; }

  private:
    // What a stone at `p`, of zone role `role` (Zone or Ring), is under a local cutoff rule:
    // Zone when it belongs to the corner, Ring when it ends the sequence, Outside when it is
    // play elsewhere.
    ZoneRole local_role(go::Point p, ZoneRole role) const;
    // Under a local rule: whether the game's last move, which is not part of the line, took
    // a stone of the line.
    bool takes_line_stone(const go::Board& game) const;
    // Under a local rule: plays the corner move `move` (after a pass of the other colour when
    // `tenuki`) on the line's own board, and says whether it was legal there and captured
    // exactly the line's stones the game's board lost with it.
    bool replays_alone(const go::Move& move, bool tenuki, const go::Board& game);
    void stop(SequenceEnd why) {
        end_ = why;
        gap_deadline_ = SIZE_MAX;
    }

    const Zone* zone_;
    Corner corner_;
    TrackerOptions options_;
    std::vector<go::Move> moves_;
    // Under a local rule, the line's own stones as the line replays alone (from an empty
    // board, with captures and ko as lookup replays it). A zone stone left out of the line
    // stays on the game's board: the line ends (DecidedOutside) when the two disagree on the
    // line's stones. Empty under `ring`, where every stone near the corner is in the line.
    std::optional<go::Board> line_board_;
    std::optional<SequenceEnd> end_;
    // The gap rule as the index of the move that would break it, kept up to date by every
    // stone in the zone, rather than a count moved by every move elsewhere: so moves
    // elsewhere need not be fed (see play()), and gap_deadline() is a plain read.
    std::size_t gap_deadline_ = SIZE_MAX;
    std::size_t first_move_index_ = 0;
    std::size_t tenukis_ = 0;
    bool blocked_ = false;
};

/// Runs the four trackers over the first `legal_moves` moves of `record` (from
/// game::replay) and returns the normalised sequences and the setup-blocked corner count.
CornerExtraction extract_corners(const Zone& zone, const TrackerOptions& options,
                                 const game::GameRecord& record, std::size_t legal_moves);

/// The outcome for the corner's first player (Black after normalisation) given the game's
/// winner and whether colours were swapped.
dictionary::LineOutcome line_outcome(game::Winner winner, ColourOrder colours);

}  // namespace josekic::trackers
