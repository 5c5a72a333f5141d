#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dictionary/eras.hpp"
#include "core/dictionary/node_stats.hpp"
#include "core/game/game_record.hpp"
#include "core/go/board.hpp"
#include "index/corner_pattern.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"

namespace josekic::index {

/// Whether a pattern query also counts the pattern with its colours reversed (--either-colour).
enum class ColourReversal { Exact, Either };

/// The stones of one corner to look up as a pattern, as the user gave them or as a game had
/// them: any corner, any orientation.
struct CornerQuery {
    std::vector<go::Move> stones;  ///< in the user's corner and orientation
    trackers::Corner corner = trackers::Corner::UpperRight;
    /// The player to move; nullopt counts both.
    std::optional<go::Color> to_move;
    ColourReversal colours = ColourReversal::Exact;
};

/// Parses the stones of `--corner` ("B[pd] W[qc] B[pc] W[qd]", colours optional and
/// alternating from Black, points also as GTP writes them): every stone in one corner's 7x7
/// region, no point twice, no tenuki. `option` names the option in messages.
std::variant<CornerQuery, QueryError> parse_corner_query(std::string_view text,
                                                         std::string_view option);

/// The corner `corner` of `record` after `moves` of its moves (of which `legal_moves` are
/// legal), either player to move (a pattern is recorded after the move that made it, which
/// may be long before); nullopt when the region is empty.
std::optional<CornerQuery> game_corner_query(const game::GameRecord& record,
                                             std::size_t legal_moves, std::size_t moves,
                                             trackers::Corner corner);

/// Where the next move went after some occurrences of a pattern.
struct PatternContinuation {
    /// The stone played next in the query's corner, orientation and colours; nullopt for
    /// `next` elsewhere, a pass or the game's end.
    std::optional<go::Move> move;
    std::uint8_t next = kNextNone;  ///< kNextElsewhere, kNextPass or kNextNone without a move
    /// Who played it, in the query's colours (the player to move): a move elsewhere or a pass
    /// by Black and by White are two continuations. nullopt for the game's end, one row.
    std::optional<go::Color> player;
    dictionary::NodeStats stats;  ///< of the player to move, as the pattern's
    /// Occurrences in each of the result's eras (dated games only).
    std::array<dictionary::NodeStats::Counter, dictionary::Eras::kMaxEras> per_era{};
};

/// A game in which the pattern arose, with the first move after which it did.
using PatternGame = GameFacts;

/// What `lookup --corner` found.
struct PatternLookupResult {
    CornerQuery query;
    /// The occurrences (outcomes for the player to move, years), over every variant asked.
    dictionary::NodeStats stats;
    std::uint64_t games = 0;            ///< distinct games
    std::uint64_t colour_reversed = 0;  ///< occurrences found with colours reversed
    std::uint32_t first_move = 0, median_move = 0, last_move = 0;  ///< move numbers
    std::vector<PatternContinuation> continuations;                ///< most played first
    std::vector<PatternGame> recent;                               ///< most recent first
    /// The eras compile chooses by default for the index's games (dictionary::default_eras of
    /// its dated games per year), labelled with their first and last year; the occurrences in
    /// each (dated games only).
    dictionary::Eras eras;
    int first_year = 0, last_year = 0;
    std::array<dictionary::NodeStats::Counter, dictionary::Eras::kMaxEras> per_era{};
    std::size_t stones() const { return query.stones.size(); }
};

/// Looks `query` up in the pattern sections of `index` (of the games of `selection` when
/// given), with the `games` most recent games. Throws IndexError for an index without
/// patterns or a damaged one.
PatternLookupResult lookup_pattern(const IndexFile& index, const CornerQuery& query,
                                   std::size_t games, const GameSelection* selection = nullptr);

}  // namespace josekic::index
