#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/game_record.hpp"
#include "core/game/rank.hpp"

namespace josekic::game {

/// What the filters read of a game: views of a GameInfo, or of a game of the index, so that
/// compile and lookup decide with the same code on the same fields.
struct FilterFacts {
    std::string_view black_player, white_player, black_rank, white_rank, event;
    std::optional<int> year;  ///< GameInfo::year (DT's first plausible year)

    static FilterFacts of(const GameInfo& info);
};

/// A player's name made comparable: ASCII letters lowered; spaces (also U+3000), commas,
/// dots, hyphens and underscores are separators. Two names match when their letters are the
/// same once the separators are gone ("Cho Chikun" = "cho, chikun" = "ChoChikun", "Lee
/// Se-dol" = "Lee Sedol"), or when both have at least two words and the same words in another
/// order ("Chikun Cho" = "Cho, Chikun"). Nothing else: no substring ("Cho" does not match
/// "Cho Chikun"), no transliteration ("Yi Se-tol", "이세돌" are other names).
class PlayerName {
  public:
    explicit PlayerName(std::string_view name);
    bool matches(const PlayerName& other) const;
    const std::string& as_written() const { return written_; }

  private:
    std::string written_;
    std::string joined_;              // the words, lowered, without separators
    std::vector<std::string> words_;  // the words, lowered, sorted
};

/// The filters of `compile` and `lookup`, in the order the report lists them.
enum class FilterKind : std::uint8_t { Since, Until, MinRank, MaxRank, Player, Event };
inline constexpr std::size_t kFilterKindCount = 6;

/// The name of `kind`'s option without its dashes ("since", "min-rank"), in FilterKind order:
/// the explorer's parameters are these names with '_' for '-' ("min_rank").
inline constexpr std::array<std::string_view, kFilterKindCount> kFilterOptionNames = {
    "since", "until", "min-rank", "max-rank", "player", "event"};
inline std::string_view filter_option_name(FilterKind kind) {
    return kFilterOptionNames[static_cast<std::size_t>(kind)];
}

/// How a game fails one filter: its value is outside (older, weaker, another player, another
/// event) or the game does not have one (undated, unranked, no event, no names).
enum class FilterMiss : std::uint8_t { Outside, Missing };

/// The filters a game must pass, each optional; an empty filter passes every game. A game
/// without the field a filter needs fails it.
struct GameFilter {
    std::optional<int> since;          ///< --since YEAR: the game's year >= since
    std::optional<int> until;          ///< --until YEAR: the game's year <= until
    std::optional<Rank> min_rank;      ///< --min-rank R: both players' ranks >= R
    std::optional<Rank> max_rank;      ///< --max-rank R: both players' ranks <= R
    std::vector<PlayerName> players;   ///< --player NAME: Black or White is one of them
    std::optional<std::string> event;  ///< --event TEXT: in EV (RO appended), ignoring case

    bool empty() const;
    /// Whether `kind` is in force.
    bool has(FilterKind kind) const;
    /// The option as typed for `kind` ("--since 2017", "--player \"Cho Chikun\" --player X").
    std::string option_text(FilterKind kind) const;
    /// Every filter in force, as options ("--since 2017 --min-rank 9d"); empty when none.
    std::string describe() const;
};

/// What each filter in force says about one game: nullopt where it passes.
struct FilterVerdict {
    std::array<std::optional<FilterMiss>, kFilterKindCount> misses{};
    bool passes() const;
};

/// Checks `facts` against every filter in force.
FilterVerdict check(const GameFilter& filter, const FilterFacts& facts);

/// How many games the filters removed, and each filter's share of them (a game that fails
/// several filters counts under each).
struct FilterCounts {
    std::uint64_t games_removed = 0;
    /// [kind][FilterMiss]: games that failed the filter, by how.
    std::array<std::array<std::uint64_t, 2>, kFilterKindCount> failed{};

    /// Counts one game that failed (verdict.passes() is false).
    void add(const FilterVerdict& verdict);
};

/// The words for how a game misses `kind`, outside then missing: {"older", "undated"}.
std::array<std::string_view, 2> miss_words(FilterKind kind);

}  // namespace josekic::game
