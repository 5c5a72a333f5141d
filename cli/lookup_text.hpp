#pragma once

#include <string>

#include <string_view>

#include "index/game_lookup.hpp"
#include "index/index_options.hpp"
#include "index/lookup.hpp"

namespace josekic::cli {

/// One move as prune lists write it ("B[pd]", "W[tenuki]" in joseki, "W[pass]" in fuseki).
std::string move_text(const go::Move& move, index::Tree tree);

/// A lookup result as text for a person: the lines of a node comment, the position's
/// totals, the continuations and the games.
std::string render_lookup_text(const index::LookupResult& result);

/// A lookup result as one JSON object (README "lookup" documents the schema); `extra` is
/// put before its closing brace (", \"key\": value" pairs). No newline at the end.
std::string render_lookup_json(const index::LookupResult& result, std::string_view extra = {});

/// `lookup --game`: the fuseki answer (or why there is none), then each tracked corner's.
std::string render_game_lookup_text(const index::GameLookup& lookup);
/// `lookup --game` as JSON: the fuseki object with "move_number" and "corners" (objects of
/// the same schema with "corner") added, and `extra` as render_lookup_json puts it. An
/// opening the index does not hold is an object with "found": false, "count": 0, no
/// continuations or games and "not_indexed" (why).
std::string render_game_lookup_json(const index::GameLookup& lookup, std::string_view extra = {});

/// The compile options an index records, for people: "Index: zones default (98 points), ...".
std::string render_options_text(const index::TrackingOptions& options);
/// The same as a JSON member to put before a closing brace: `, "index_options": {...}`.
std::string render_options_json(const index::TrackingOptions& options);

}  // namespace josekic::cli
