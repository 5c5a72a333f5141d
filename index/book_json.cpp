#include "index/book_json.hpp"

#include <span>

#include "reference/book_line.hpp"

namespace josekic::index {

std::string book_verdict_text(reference::NodeAnnotation said, const QueryLine& query) {
    if (query.colours_swapped) said.swap_colours();
    return reference::describe(said);
}

Json books_on_line_json(const QueryLine& query, const std::vector<reference::ReferenceIndex>& books,
                        std::span<const std::size_t> game_move_numbers) {
    Json out = Json::array();
    for (const reference::ReferenceIndex& book : books) {
        const reference::BookLine in_book = reference::follow_in_book(book, query.canonical);
        Json verdicts = Json::array();
        for (const reference::BookLine::Verdict& v : in_book.verdicts) {
            Json verdict{{"move_in_line", v.move}};
            if (v.move <= game_move_numbers.size() && game_move_numbers[v.move - 1] != 0)
                verdict["game_move_number"] = game_move_numbers[v.move - 1];
            // The books are joseki books: only joseki lines are followed in them.
            verdict["move"] = move_json(query.played[v.move - 1], Tree::Joseki);
            verdict["verdict"] = book_verdict_text(v.annotation, query);
            verdicts.push_back(std::move(verdict));
        }
        out.push_back({{"name", book.name()},
                       {"known_moves", in_book.known_moves},
                       {"verdicts", std::move(verdicts)}});
    }
    return out;
}

std::vector<std::vector<BookWord>> books_on_continuations(
    const LookupResult& result, const std::vector<reference::ReferenceIndex>& books) {
    std::vector<std::vector<BookWord>> words(result.continuations.size());
    // The continuations are the children of the last node the dictionary knows.
    const std::span<const go::Move> known =
        std::span(result.query.canonical)
            .first(result.node ? result.query.canonical.size() : result.matched);
    for (const reference::ReferenceIndex& book : books) {
        // The line is followed once per book; its continuations are the children there.
        const reference::BookLine in_book = reference::follow_in_book(book, known);
        if (in_book.known_moves != known.size()) continue;
        for (std::size_t k = 0; k < result.continuations.size(); ++k) {
            const reference::RefNodeId next =
                book.find_child(in_book.node, result.continuations[k].canonical_move);
            if (next == reference::kNoRefNode) continue;
            words[k].push_back(
                {book.name(), book_verdict_text(book.node(next).annotation, result.query)});
        }
    }
    return words;
}

std::string book_words_text(const std::vector<BookWord>& words) {
    std::string text;
    for (const BookWord& w : words)
        text += (text.empty() ? "" : "; ") + w.name + (w.verdict.empty() ? "" : ": " + w.verdict);
    return text;
}

void add_books_json(Json& lookup, const LookupResult& result,
                    const std::vector<reference::ReferenceIndex>& books) {
    lookup["books"] = books_on_line_json(result.query, books);
    const std::vector<std::vector<BookWord>> said = books_on_continuations(result, books);
    for (std::size_t k = 0; k < said.size(); ++k) {
        Json words = Json::array();
        for (const BookWord& w : said[k])
            words.push_back({{"name", w.name}, {"verdict", w.verdict}});
        lookup["continuations"][k]["books"] = std::move(words);
    }
}

void add_books_json(Json& game_lookup, const GameLookup& result,
                    const std::vector<reference::ReferenceIndex>& books) {
    for (std::size_t i = 0; i < result.corners.size(); ++i)
        add_books_json(game_lookup["corners"][i], result.corners[i].joseki, books);
}

void add_books_json(Json& review, const GameReview& result,
                    const std::vector<reference::ReferenceIndex>& books) {
    for (std::size_t i = 0; i < result.lines.size(); ++i) {
        const LineReview& line = result.lines[i];
        if (line.line.tree == Tree::Joseki)
            review["lines"][i]["books"] =
                books_on_line_json(line.line.query, books, line.game_move_numbers);
    }
}

}  // namespace josekic::index
