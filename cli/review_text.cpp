#include "cli/review_text.hpp"

#include <sstream>
#include <string>

#include "cli/lookup_text.hpp"
#include "emit/node_comment.hpp"
#include "emit/win_rate_text.hpp"
#include "reference/book_line.hpp"

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

// A book's verdict in the game's colours (the book is read in the trie's: Black first).
reference::NodeAnnotation in_game_colours(reference::NodeAnnotation said,
                                          const index::QueryLine& query) {
    if (query.colours_swapped) said.swap_colours();
    return said;
}

// What a reference book says of a joseki line: how far it knows it, and its verdicts.
void write_book_line(std::ostream& out, const index::LineReview& line,
                     const reference::ReferenceIndex& book, const reference::BookLine& in_book) {
    const index::QueryLine& query = line.line.query;
    const std::size_t length = query.played.size();
    const auto move = [&](std::size_t k) { return move_text(query.played[k], line.line.tree); };
    out << "  " << book.name() << ": ";
    if (in_book.known_moves == length)
        out << "knows the whole line";
    else if (in_book.known_moves == 0)
        out << "does not know its first move, " << move(0);
    else
        out << "knows the first "
            << (in_book.known_moves == 1 ? "" : std::to_string(in_book.known_moves) + " ")
            << "of its " << length << " moves; " << move(in_book.known_moves) << " is not in it";
    for (const reference::BookLine::Verdict& v : in_book.verdicts) {
        out << "; move " << v.move << ", " << move(v.move - 1) << ": "
            << reference::describe(in_game_colours(v.annotation, query));
    }
    out << ".\n";
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
        for (const reference::ReferenceIndex& book : books)
            write_book_line(out, line, book,
                            reference::follow_in_book(book, line.line.query.canonical));
    }
    for (const index::CornerWithoutLine& corner : review.corners_not_reviewed)
        out << trackers::name(corner.corner) << ": not reviewed: " << corner.why << ".\n";
    return out.str();
}

void add_books_json(emit::Json& json, const index::GameReview& review,
                    const std::vector<reference::ReferenceIndex>& books) {
    for (std::size_t i = 0; i < review.lines.size(); ++i) {
        const index::LineReview& line = review.lines[i];
        if (line.line.tree != index::Tree::Joseki) continue;
        emit::Json& out = json["lines"][i]["books"] = emit::Json::array();
        for (const reference::ReferenceIndex& book : books) {
            const reference::BookLine in_book =
                reference::follow_in_book(book, line.line.query.canonical);
            emit::Json verdicts = emit::Json::array();
            for (const reference::BookLine::Verdict& v : in_book.verdicts) {
                verdicts.push_back(
                    {{"move_in_line", v.move},
                     {"move", move_text(line.line.query.played[v.move - 1], line.line.tree)},
                     {"verdict",
                      reference::describe(in_game_colours(v.annotation, line.line.query))}});
            }
            out.push_back({{"name", book.name()},
                           {"known_moves", in_book.known_moves},
                           {"verdicts", std::move(verdicts)}});
        }
    }
}

}  // namespace josekic::cli
