#pragma once

// What `--reference` books say of a joseki line, as review and lookup print it as text (their
// JSON: index/book_json.hpp): in the line's own corner and colours.

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "cli/lookup_text.hpp"
#include "core/diag/diagnostic.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"
#include "reference/reference_index.hpp"

namespace josekic::cli {

/// The books of `--reference` arguments ([NAME=]FILE), their problems printed on stderr;
/// nullopt, said on stderr, when one cannot be read at all. `lost` is set when a book had an
/// error (a value cut short): it is used as far as it could be read, and the command exits 1.
std::optional<std::vector<reference::ReferenceIndex>> load_books(
    const std::vector<std::string>& arguments, bool& lost);

/// Prints on stderr what reading the books found: every error, and of the warnings the first
/// of each code and how many more (GNU Go's book has a licence header before the trees of each
/// of its seven files: seven lines at every run would teach the warnings to be skipped).
void print_book_problems(const std::vector<diag::Diagnostic>& problems);

/// "  gnugo: knows the first 9 of its 16 moves; W[qj] is not in it; move 5, B[qp]:
/// doubtful: “...”.", a line per book.
/// With `game_move_numbers` (a reviewed line's), a verdict's move says its number in the game
/// too: "move 5 (21 of the game), B[qp]".
void write_books_on_line(std::ostream& out, const index::QueryLine& query,
                         const std::vector<reference::ReferenceIndex>& books,
                         std::span<const std::size_t> game_move_numbers = {});

/// What the books add to a joseki lookup's text: "Books:" and a line per book after the
/// line's statistics, and each book's word beside the continuations it knows.
LookupTextExtras books_text_extras(const index::LookupResult& result,
                                   const std::vector<reference::ReferenceIndex>& books);

}  // namespace josekic::cli
