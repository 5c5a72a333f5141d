#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::game {

/// The three ladders of Go ranks, weakest first: every amateur dan is above every kyu, every
/// professional above every amateur.
enum class RankKind : std::uint8_t { Kyu, AmateurDan, Professional };

/// A player's rank as BR/WR (or a GIB/NGF/UGF player field) states it: 5k, 9d, 9p.
struct Rank {
    RankKind kind = RankKind::Kyu;
    int level = 1;  ///< kyu 1..30 (1 strongest), dan 1..9, professional dan 1..9

    /// One scale for all three ladders: -level for kyu, level for a dan, 100 + level for a
    /// professional, so that 30k < 1k < 1d < 9d < 1p < 9p.
    int strength() const;
    friend std::strong_ordering operator<=>(const Rank& a, const Rank& b) {
        return a.strength() <=> b.strength();
    }
    friend bool operator==(const Rank& a, const Rank& b) { return a.strength() == b.strength(); }
};

/// The rank written in `text`, as real files write ranks (README "Filters" lists them):
/// `9p`, `9P`, `9d`, `9D`, `9 dan`, `5k`, `5 kyu`, `10K`; Fox's `P9段` (professional) and
/// `9段` (amateur), `18级`; Japanese `九段`, `初段`, `1級`, `プロ九段`; Korean `9단`, `5급`,
/// `프로9단`, `9단 프로`, `아마5단`; Chinese `职业九段`, `业余5段`; full-width digits; with the
/// servers' marks after it (`7d*`, `2k?`, `11k+`) and white space anywhere. A Japanese title
/// held instead of or beside a rank (`Meijin`, `Honinbo Shou`, `9d, Tengen & Oza`: how the
/// title-match records of the goban collection write their players) is a professional rank,
/// 9p unless a dan is written with it. A dan without a professional mark (`9 dan`, `9段`) is
/// an amateur's: files do not say otherwise. nullopt for text that names no rank: empty,
/// `?`, `-`, `NR`, or anything not understood.
std::optional<Rank> parse_rank(std::string_view text);

/// `rank` as the SGF forms write it: "5k", "9d", "9p".
std::string to_text(const Rank& rank);

}  // namespace josekic::game
