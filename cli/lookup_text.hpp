#pragma once

#include <string>

#include "index/lookup.hpp"

namespace josekic::cli {

/// A lookup result as text for a person: the lines of a node comment, the position's
/// totals, the continuations and the games.
std::string render_lookup_text(const index::LookupResult& result);

/// A lookup result as one JSON object (README "lookup" documents the schema).
std::string render_lookup_json(const index::LookupResult& result);

}  // namespace josekic::cli
