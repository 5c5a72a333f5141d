#pragma once

#include <string>
#include <vector>

#include "index/game_lookup.hpp"
#include "index/index_options.hpp"
#include "index/lookup.hpp"
#include "index/pattern_lookup.hpp"

namespace josekic::cli {

/// One move as prune lists and the JSON objects write it (index::move_json): "B[pd]", "W[tenuki]"
/// in joseki, "W[pass]" in fuseki.
std::string move_text(const go::Move& move, index::Tree tree);

/// What a command adds to a lookup's text (lookup --reference: what the books say).
struct LookupTextExtras {
    std::string after_line;                       ///< lines after the line's statistics
    std::vector<std::string> continuation_notes;  ///< one per continuation, "" for none
};

/// A lookup result as text for a person: the lines of a node comment, the position's
/// totals, the continuations and the games; with `extras`, what they add, each in its place.
std::string render_lookup_text(const index::LookupResult& result,
                               const LookupTextExtras& extras = {});

/// `lookup --corner`: the pattern, its occurrences, move numbers, wins of the player to move,
/// what was played next and the most recent games.
std::string render_pattern_text(const index::PatternLookupResult& result);

/// `lookup --game`: the fuseki answer (or why there is none), then each tracked corner's,
/// with `corner_extras` (one per corner, or none).
std::string render_game_lookup_text(const index::GameLookup& lookup,
                                    const std::vector<LookupTextExtras>& corner_extras = {});
/// The compile options an index records, for people: "Index: zones default (98 points), ...".
std::string render_options_text(const index::TrackingOptions& options);

}  // namespace josekic::cli
