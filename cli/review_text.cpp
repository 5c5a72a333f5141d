#include "cli/review_text.hpp"

#include <sstream>
#include <string>

#include "cli/book_text.hpp"
#include "cli/lookup_text.hpp"
#include "emit/node_comment.hpp"
#include "emit/win_rate_text.hpp"

namespace josekic::cli {

namespace {

// How one line went against the dictionary.
void write_line(std::ostream& out, const index::LineReview& line) {
    const index::LookupResult& r = line.line;
    out << line.name << ": ";
    if (r.node) {
        out << "in the book to its end (" << emit::counted(r.query.played.size(), "move")
            << ", played " << emit::counted(r.stats.count, "time") << ").\n";
        return;
    }
    // A tenuki is no move of the game: the corner's player played elsewhere.
    out << (line.past_book_end ? "went past the end of the book's lines " : "left the book ");
    if (line.left_at_move_number != 0)
        out << "at move " << line.left_at_move_number << " of the game (move ";
    else
        out << "with a move elsewhere (move ";
    out << r.matched + 1 << " of the line): " << move_text(r.query.played[r.matched], r.tree);
    if (line.past_book_end) {
        out << "; the book position before it was played " << emit::counted(line.book_count, "time")
            << ", and no game went on from it.\n";
        return;
    }
    out << ", never played there; the book "
        << "position before it was played " << emit::counted(line.book_count, "time") << ".\n";
    if (!r.continuations.empty()) {
        out << "  the book plays (wins of " << index::first_player_name(r.tree, r.query) << "):";
        for (const index::ContinuationFacts& c : r.continuations)
            out << "  " << move_text(c.move, r.tree) << " " << emit::with_thousands(c.stats.count)
                << "x, " << emit::win_rate_text(c.stats.first_player_wins, c.stats.decided())
                << " wins";
        out << "\n";
    }
}

}  // namespace

std::string review_text(const index::GameReview& review,
                        const std::vector<reference::ReferenceIndex>& books) {
    std::ostringstream out;
    if (review.opening_not_indexed)
        out << "opening: not reviewed: " << *review.opening_not_indexed << ".\n";
    for (const index::LineReview& line : review.lines) {
        write_line(out, line);
        if (line.line.tree != index::Tree::Joseki) continue;  // the books are joseki books
        write_books_on_line(out, line.line.query, books, line.game_move_numbers);
    }
    for (const index::CornerWithoutLine& corner : review.corners_not_reviewed)
        out << trackers::name(corner.corner) << ": not reviewed: " << corner.why << ".\n";
    return out.str();
}

}  // namespace josekic::cli
