#pragma once

// What `--reference` joseki books say of a line looked up or reviewed, in the line's own
// corner and colours: one home for lookup's and review's text and JSON and the explorer's API.

#include <span>
#include <string>
#include <vector>

#include "index/game_lookup.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"
#include "index/result_json.hpp"
#include "index/review.hpp"
#include "reference/annotation.hpp"
#include "reference/reference_index.hpp"

namespace josekic::index {

/// A book's verdict in the query's colours (a book is read as the trie is: Black first).
std::string book_verdict_text(reference::NodeAnnotation said, const QueryLine& query);

/// [{"name", "known_moves", "verdicts": [{"move_in_line", "move", "verdict"}]}], a member
/// per book; with `game_move_numbers` (a reviewed line's: one per move, 0 for a tenuki), each
/// verdict on a move of the game has its "game_move_number" too.
Json books_on_line_json(const QueryLine& query, const std::vector<reference::ReferenceIndex>& books,
                        std::span<const std::size_t> game_move_numbers = {});

/// A book's word on a continuation: its name and its verdict, "" when it knows the move
/// without a word.
struct BookWord {
    std::string name;
    std::string verdict;
};

/// What the books say of each of `result`'s continuations, in their order: a word per book
/// that knows it (a book that does not, or does not know the position it is played from, is
/// left out). The continuations of a line that left the dictionary are those of the position
/// where it left, and are looked for there in the books.
std::vector<std::vector<BookWord>> books_on_continuations(
    const LookupResult& result, const std::vector<reference::ReferenceIndex>& books);

/// "gnugo: minor: “kogeima”; pachi", as lookup prints them beside a continuation.
std::string book_words_text(const std::vector<BookWord>& words);

/// Adds to a lookup object (lookup_json) "books" on the line and on each continuation
/// ([{"name", "verdict"}]).
void add_books_json(Json& lookup, const LookupResult& result,
                    const std::vector<reference::ReferenceIndex>& books);

/// Adds "books" to each corner of a game lookup object (game_lookup_json), as to a lookup.
void add_books_json(Json& game_lookup, const GameLookup& result,
                    const std::vector<reference::ReferenceIndex>& books);

/// Adds "books" to each joseki line of a review object (review_json).
void add_books_json(Json& review, const GameReview& result,
                    const std::vector<reference::ReferenceIndex>& books);

}  // namespace josekic::index
