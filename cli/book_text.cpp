#include "cli/book_text.hpp"

#include <iostream>
#include <stdexcept>
#include <string>

#include "cli/lookup_text.hpp"
#include "compiler/compile/node_comments.hpp"
#include "core/diag/diagnostic.hpp"
#include "reference/annotation.hpp"
#include "reference/book_line.hpp"

namespace josekic::cli {

namespace {

// Review and lookup follow joseki lines only: the books are joseki books.
constexpr index::Tree kTree = index::Tree::Joseki;

// A book's verdict in the query's colours (the book is read in the trie's: Black first).
std::string verdict_text(reference::NodeAnnotation said, const index::QueryLine& query) {
    if (query.colours_swapped) said.swap_colours();
    return reference::describe(said);
}

}  // namespace

std::optional<std::vector<reference::ReferenceIndex>> load_books(
    const std::vector<std::string>& arguments, bool& lost) {
    diag::DiagnosticList problems;
    std::vector<reference::ReferenceIndex> books;
    try {
        books = compile::load_references(arguments, problems);
    } catch (const std::runtime_error& e) {
        std::cerr << "josekic: error: " << e.what() << "\n";
        return std::nullopt;
    }
    for (const diag::Diagnostic& d : problems.items) std::cerr << diag::format(d) << "\n";
    lost = diag::any_error(problems.items);
    return books;
}

void write_books_on_line(std::ostream& out, const index::QueryLine& query,
                         const std::vector<reference::ReferenceIndex>& books) {
    const std::size_t length = query.played.size();
    const auto move = [&](std::size_t k) { return move_text(query.played[k], kTree); };
    for (const reference::ReferenceIndex& book : books) {
        const reference::BookLine in_book = reference::follow_in_book(book, query.canonical);
        out << "  " << book.name() << ": ";
        if (in_book.known_moves == length)
            out << "knows the whole line";
        else if (in_book.known_moves == 0)
            out << "does not know its first move, " << move(0);
        else
            out << "knows the first "
                << (in_book.known_moves == 1 ? "" : std::to_string(in_book.known_moves) + " ")
                << "of its " << length << " moves; " << move(in_book.known_moves)
                << " is not in it";
        for (const reference::BookLine::Verdict& v : in_book.verdicts)
            out << "; move " << v.move << ", " << move(v.move - 1) << ": "
                << verdict_text(v.annotation, query);
        out << ".\n";
    }
}

emit::Json books_on_line_json(const index::QueryLine& query,
                              const std::vector<reference::ReferenceIndex>& books) {
    emit::Json out = emit::Json::array();
    for (const reference::ReferenceIndex& book : books) {
        const reference::BookLine in_book = reference::follow_in_book(book, query.canonical);
        emit::Json verdicts = emit::Json::array();
        for (const reference::BookLine::Verdict& v : in_book.verdicts) {
            verdicts.push_back({{"move_in_line", v.move},
                                {"move", move_text(query.played[v.move - 1], kTree)},
                                {"verdict", verdict_text(v.annotation, query)}});
        }
        out.push_back({{"name", book.name()},
                       {"known_moves", in_book.known_moves},
                       {"verdicts", std::move(verdicts)}});
    }
    return out;
}

std::vector<std::string> books_on_continuations(
    const index::QueryLine& query, const std::vector<index::ContinuationFacts>& continuations,
    const std::vector<reference::ReferenceIndex>& books) {
    std::vector<std::string> texts(continuations.size());
    for (const reference::ReferenceIndex& book : books) {
        // The line is followed once per book; its continuations are the children there.
        const reference::BookLine in_book = reference::follow_in_book(book, query.canonical);
        if (in_book.known_moves != query.canonical.size()) continue;
        for (std::size_t k = 0; k < continuations.size(); ++k) {
            const reference::RefNodeId next =
                book.find_child(in_book.node, continuations[k].canonical_move);
            if (next == reference::kNoRefNode) continue;
            const std::string said = verdict_text(book.node(next).annotation, query);
            texts[k] +=
                (texts[k].empty() ? "" : "; ") + book.name() + (said.empty() ? "" : ": " + said);
        }
    }
    return texts;
}

}  // namespace josekic::cli
