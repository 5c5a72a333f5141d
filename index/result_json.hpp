#pragma once

#include <string>

#include "core/game/game_filter.hpp"
#include "emit/json_text.hpp"
#include "index/game_lookup.hpp"
#include "index/index_options.hpp"
#include "index/lookup.hpp"
#include "index/pattern_lookup.hpp"
#include "index/review.hpp"

namespace josekic::index {

/// The JSON objects `lookup --json`, `review --json` and the explorer's API print, built in
/// one place so that the command line and the API share one schema (docs/api.md), and written
/// by emit::json_text.
using emit::Json;

/// A move as every object writes it: "B[pd]", "W[tenuki]" in joseki, "W[pass]" in fuseki.
std::string move_json(const go::Move& move, Tree tree);

/// A lookup result: the query's moves, found or where it left the dictionary, the node's
/// statistics, the position's totals, the continuations and the games.
Json lookup_json(const LookupResult& result);

/// A game of a lookup: its players, ranks, date, event, result, source, number in the
/// file, the move where the position arose, and its id.
Json game_facts_json(const GameFacts& game);

/// `lookup --corner`: the stones, "to_move", "either_colour", the statistics of the player to
/// move, "games_count", "colour_reversed", "move_numbers", "continuations" (each with its
/// "move": an SGF move in the query's frame or "elsewhere", "pass", "end") and "games".
Json pattern_lookup_json(const PatternLookupResult& result);

/// `lookup --game`: the fuseki object (or, when the opening is not indexed, a short object
/// with "found": false, "count": 0 and "not_indexed") with "move_number" and "corners"
/// (lookup objects with "corner") added.
Json game_lookup_json(const GameLookup& lookup);

/// A review: "opening_not_indexed" (null or why), "index_options" and "lines", lookup objects
/// with "name", "left_at_move_number", "book_count" and "past_book_end".
Json review_json(const GameReview& review, const TrackingOptions& options);

/// The compile options an index records: {"zones": "default", "zone_points": 98, ...}.
Json options_json(const TrackingOptions& options);

/// Adds what every answer carries after its own members: "filters" (the filter in force, as
/// options; only when there is one) and "index_options".
void add_answer_context(Json& answer, const game::GameFilter& filter,
                        const TrackingOptions& options);

}  // namespace josekic::index
