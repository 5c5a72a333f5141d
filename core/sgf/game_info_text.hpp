#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/game/game_record.hpp"

namespace josekic::sgf {

/// Two-digit years below this are 20YY, the others 19YY ("97-05-12" is 1997, "03-05-12"
/// 2003). Two-digit years come from programs older than FF[4] (1997), which asks for four
/// digits; the pivot keeps the games of the 1930s-1990s in their century and still reads
/// the few files of the 2000s so written.
inline constexpr int kTwoDigitYearPivot = 30;

/// The years a date is read as (kFirstPlausibleYear..kLastPlausibleYear), and those the
/// --since and --until filters take.
inline constexpr int kFirstPlausibleYear = 1600;
inline constexpr int kLastPlausibleYear = 2100;

/// The first plausible year (1600..2100) in a free-form DT value: a run of exactly four
/// digits ("1966, August 5,6", "1999-01-05,06", "2003-2004", "[2005]"); failing that, a
/// date written YY-MM-DD ("97-05-12" is 1997, see kTwoDigitYearPivot); nullopt if none.
std::optional<int> year_from_date(std::string_view date);

/// The winner an RE value names: "B+R", "W+3.5", "B+T", "b+offline", "Black wins",
/// "黑中盘胜", "W+Jigo" (White wins a tie under the old "komi 5, jigo to White" rule)
/// -> Black/White; "Jigo", "0", "Draw", "和棋" -> Draw; "?", "Void", "" or anything else
/// -> Unknown.
game::Winner winner_from_result(std::string_view result);

/// A komi value in points as written ("6.5", "7,5"). Values above 100 are Fox's storage:
/// komi x100, in stones under Chinese rules (KM[375] with RU[Chinese] is 3.75 stones, 7.5
/// points; KM[650] with RU[Japanese] is 6.5 points). `rules` is RU. nullopt when unreadable.
std::optional<double> komi_from_text(std::string_view text, std::string_view rules);

/// EV with RO appended: "EV, round RO" when RO is a number, "EV, RO" otherwise.
std::string event_with_round(std::string_view event, std::string_view round);

/// `text` without leading and trailing white space.
std::string_view trimmed(std::string_view text);

}  // namespace josekic::sgf
