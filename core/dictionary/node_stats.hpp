#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace josekic::dictionary {

/// How a game ended for the player who moved first in the line (the corner's first player
/// for joseki, Black for fuseki). Normalisation may swap colours, so callers convert the
/// game's winner before inserting.
enum class LineOutcome : std::uint8_t { FirstPlayerWon, SecondPlayerWon, Draw, Unknown };
/// Every LineOutcome, in the order of their values.
inline constexpr std::array<LineOutcome, 4> kLineOutcomes = {
    LineOutcome::FirstPlayerWon, LineOutcome::SecondPlayerWon, LineOutcome::Draw,
    LineOutcome::Unknown};

/// The statistics of a node: how many lines pass through it and how they did.
///
/// Counters are 32-bit and years 16-bit (a trie keeps most of them packed: NodeStatsStore). A
/// counter never wraps: counting past 4,294,967,295 lines at one node throws
/// std::overflow_error (a compile stops with that message rather than print wrong counts).
struct NodeStats {
    /// A count of lines.
    using Counter = std::uint32_t;
    /// A calendar year; game dates give 1600..2100.
    using Year = std::int16_t;

    Counter count = 0;               ///< lines through this node (games, for fuseki)
    Counter ends = 0;                ///< lines that end at this node
    Counter first_player_wins = 0;   ///< of `count`, won by the line's first player
    Counter second_player_wins = 0;  ///< of `count`, won by the other player
    Counter draws = 0;
    Counter unknown = 0;  ///< result unknown or void
    Year first_year = 0;  ///< earliest year of a dated game; 0 if none
    Year last_year = 0;   ///< latest year of a dated game; 0 if none

    std::uint64_t decided() const { return std::uint64_t{first_player_wins} + second_player_wins; }
    /// The counter of the lines with `outcome`.
    Counter& outcome_count(LineOutcome outcome) { return this->*counter_of(outcome); }
    Counter outcome_count(LineOutcome outcome) const { return this->*counter_of(outcome); }
    /// Widens the year range [`first`, `last`] (0: none yet) to take a line of `year`.
    static void widen_years(Year& first, Year& last, Year year) {
        if (first == 0 || year < first) first = year;
        if (last == 0 || year > last) last = year;
    }
    /// `year` as a Year; throws std::out_of_range when it does not fit.
    static std::optional<Year> checked_year(std::optional<int> year);
    /// Adds one line with this outcome and year. Throws std::overflow_error when a counter
    /// is full.
    void record(LineOutcome outcome, std::optional<Year> year);
    /// Adds one line that ends at this node (`ends`). Throws std::overflow_error when full.
    void record_end();
    /// Adds another node's statistics (counts add up, year ranges widen). Throws
    /// std::overflow_error when a sum does not fit a Counter.
    void absorb(const NodeStats& other);
    friend bool operator==(const NodeStats&, const NodeStats&) = default;

  private:
    static Counter NodeStats::*counter_of(LineOutcome outcome) {
        switch (outcome) {
            case LineOutcome::FirstPlayerWon:
                return &NodeStats::first_player_wins;
            case LineOutcome::SecondPlayerWon:
                return &NodeStats::second_player_wins;
            case LineOutcome::Draw:
                return &NodeStats::draws;
            case LineOutcome::Unknown:
                break;
        }
        return &NodeStats::unknown;
    }
};

}  // namespace josekic::dictionary
