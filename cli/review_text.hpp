#pragma once

// What `josekic review` prints as text (its JSON: index::review_json, index::add_books_json).

#include <string>
#include <vector>

#include "index/review.hpp"
#include "reference/reference_index.hpp"

namespace josekic::cli {

/// The review as text: each line (how it went against the dictionary, the dictionary's moves
/// where it left it) and, under each corner's line, what each of `books` says of it; then the
/// corners not reviewed.
std::string review_text(const index::GameReview& review,
                        const std::vector<reference::ReferenceIndex>& books);

}  // namespace josekic::cli
