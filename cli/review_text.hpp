#pragma once

// What `josekic review` prints: the text of a game's review, and what --reference adds to its
// JSON.

#include <string>
#include <vector>

#include "emit/json_text.hpp"
#include "index/review.hpp"
#include "reference/reference_index.hpp"

namespace josekic::cli {

/// The review as text: each line (how it went against the dictionary, the dictionary's moves
/// where it left it) and, under each corner's line, what each of `books` says of it; then the
/// corners not reviewed.
std::string review_text(const index::GameReview& review,
                        const std::vector<reference::ReferenceIndex>& books);

/// Adds "books" to each corner's line of `json` (index::review_json of `review`): for each of
/// `books`, {"name", "known_moves", "verdicts": [{"move_in_line", "move", "verdict"}]}.
void add_books_json(emit::Json& json, const index::GameReview& review,
                    const std::vector<reference::ReferenceIndex>& books);

}  // namespace josekic::cli
