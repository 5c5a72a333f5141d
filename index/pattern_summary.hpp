#pragma once

// Stored summaries of the commonest corner patterns (sections 0x35-0x36, docs/index-format.md),
// as StatsRecords are for the largest joseki and fuseki nodes: what an unfiltered
// `lookup --corner` of one colour prints and would otherwise add up from every occurrence (a
// 4-4 stone alone has a million on a million games), kept for every pattern whose occurrences,
// both players to move together, are more than a threshold. A summary covers the two keys of
// one stone pattern (Black to move and White to move), since a query without --to-move asks
// both: the distinct games and the median move number of the two together cannot be made from
// the two keys' own.
//
// The PatternSummaries section is the summaries one after the other, in the key order of the
// PatternSummaryDirectory (PatternSummaryRecord), every number a varint (varint.hpp):
//
//   summary     era boundaries: their number, then each year
//               games, median move number              (both players to move together)
//               side (Black to move), side (White to move)
//   side        occurrences; when not 0:
//               games, first move number, median - first, last - median
//               recent games: their number (at most kStoredPatternGames), then for each
//                 game - previous game (the first: game), move number
//               continuations: their number, then for each
//                 next-move code, won, lost, drawn, unknown (for the player to move),
//                 first year, last year (as u16; 0 when no game is dated),
//                 occurrences in each era
//
// The recent games of a side are its first kStoredPatternGames distinct games in the index's
// order (most recent first), each with the move after which the pattern first arose in it; the
// continuations are by next-move code (corner_pattern.hpp), each with at least one occurrence.
// The eras are those `lookup --corner` shows for the index's games (pattern_eras): a reader
// whose eras differ does not use the summary.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/dictionary/eras.hpp"
#include "index/corner_pattern.hpp"
#include "index/index_format.hpp"
#include "index/pattern_blocks.hpp"

namespace josekic::index {

/// How many of its most recent games a summary names for each player to move: `lookup
/// --corner --games N` and the explorer's first pages (N up to this many) read them.
inline constexpr std::size_t kStoredPatternGames = 20;

/// Patterns with more occurrences than this (both players to move together) have a summary:
/// a query reads at most that many occurrences (a few kB) or a summary.
inline constexpr std::uint32_t kPatternSummariesAbove = 1000;

/// The occurrences of one pattern with one next-move code.
struct SummaryContinuation {
    std::uint8_t code = kNextNone;
    /// By dictionary::LineOutcome, for the player to move.
    std::array<std::uint32_t, 4> outcomes{};
    std::int16_t first_year = 0, last_year = 0;  ///< of the dated games; 0 when none is
    /// Occurrences in each era (dated games only).
    std::array<std::uint32_t, dictionary::Eras::kMaxEras> per_era{};
    friend bool operator==(const SummaryContinuation&, const SummaryContinuation&) = default;
};

/// A game in which a pattern arose, with the move after which it first did.
struct SummaryGame {
    std::uint32_t game = 0;
    std::uint16_t move_number = 0;
    friend bool operator==(const SummaryGame&, const SummaryGame&) = default;
};

/// The occurrences of a pattern with one player to move.
struct SummarySide {
    std::uint32_t occurrences = 0;
    std::uint32_t games = 0;  ///< distinct
    std::uint16_t first_move = 0, median_move = 0, last_move = 0;
    std::vector<SummaryGame> recent;                 ///< most recent first
    std::vector<SummaryContinuation> continuations;  ///< by code
    friend bool operator==(const SummarySide&, const SummarySide&) = default;
};

/// A stone pattern's stored summary.
struct PatternSummary {
    PatternKey key;  ///< the pattern with Black to move
    dictionary::Eras eras;
    std::uint32_t games = 0;           ///< distinct, both players to move together
    std::uint16_t median_move = 0;     ///< both players to move together
    std::array<SummarySide, 2> sides;  ///< Black to move, White to move
    std::uint64_t occurrences() const {
        return std::uint64_t{sides[0].occurrences} + sides[1].occurrences;
    }
    /// The side of `to_move`.
    const SummarySide& side(go::Color to_move) const {
        return sides[to_move == go::Color::White ? 1 : 0];
    }
    friend bool operator==(const PatternSummary&, const PatternSummary&) = default;
};

/// The eras of corner pattern answers and of their stored summaries: dictionary::default_eras
/// of the dated games by year, of the index's `games` games (its PatternYears section). The
/// writer and every reader make them here, so that a summary counts the eras a query shows.
dictionary::Eras pattern_eras(const YearRuns& years, std::uint32_t games);

/// The summary of the pattern `black_key` (Black to move) from its occurrences with Black to
/// move and with White to move (either may be empty), each in the index's order (by game, move
/// number and next move); `years` gives each game's year, `eras` the eras to count.
PatternSummary summarise_pattern(PatternKey black_key, std::span<const PatternOccurrence> black,
                                 std::span<const PatternOccurrence> white, YearRuns& years,
                                 const dictionary::Eras& eras);

/// Appends the bytes of `summary` (the layout above; its key is in the directory) to `out`.
void encode(const PatternSummary& summary, std::vector<std::byte>& out);

/// The summary of `key` in `bytes`, whole, in an index of `game_count` games; nullopt when the
/// bytes are not one (malformed, running past their end or into bytes after it) or what it
/// says does not add up (counts, move numbers, games in order and in range, codes).
std::optional<PatternSummary> decode_pattern_summary(std::span<const std::byte> bytes,
                                                     PatternKey key, std::uint32_t game_count);

/// The key that names the summary of `key`'s stone pattern: with Black to move.
constexpr PatternKey summary_key(PatternKey key) {
    return PatternKey{key.value & ~PatternValue{1}};
}

/// Makes the summaries of patterns given in increasing key order, with their occurrences in
/// the index's order: the directory and the bytes of the two summary sections. Holds the
/// occurrences of one pattern with Black to move until the next pattern tells whether it is
/// the same stones with White to move.
class PatternSummaryWriter {
  public:
    /// Summarises the patterns of more than `above` occurrences (both players to move), in
    /// the pattern_eras of the `games` games whose years are `years`.
    PatternSummaryWriter(std::uint32_t above, YearRuns years, std::uint32_t games)
        : above_(above), years_(std::move(years)), eras_(pattern_eras(years_, games)) {}

    void add(PatternKey key, std::span<const PatternOccurrence> occurrences);
    /// Summarises what is held and returns the directory, its sentinel included.
    std::vector<PatternSummaryRecord> finish();
    /// The summaries' bytes.
    const std::vector<std::byte>& bytes() const { return bytes_; }

  private:
    /// Adds a summary of `black` (the held occurrences, or none) and `white` if they are more
    /// than the threshold.
    void summarise(PatternKey black_key, std::span<const PatternOccurrence> black,
                   std::span<const PatternOccurrence> white);

    std::uint32_t above_;
    YearRuns years_;
    dictionary::Eras eras_;
    bool holding_ = false;
    PatternKey held_key_;
    std::vector<PatternOccurrence> held_;
    std::vector<PatternSummaryRecord> directory_;
    std::vector<std::byte> bytes_;
};

}  // namespace josekic::index
