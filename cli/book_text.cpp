#include "cli/book_text.hpp"

#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/lookup_text.hpp"
#include "compiler/compile/node_comments.hpp"
#include "core/diag/diagnostic.hpp"
#include "index/book_json.hpp"
#include "reference/annotation.hpp"
#include "reference/book_line.hpp"

namespace josekic::cli {

namespace {

// Review and lookup follow joseki lines only: the books are joseki books.
constexpr index::Tree kTree = index::Tree::Joseki;

}  // namespace

void print_book_problems(const std::vector<diag::Diagnostic>& problems) {
    std::map<diag::Code, std::size_t> warnings;  // how many of each code
    for (const diag::Diagnostic& d : problems) {
        if (d.severity == diag::Severity::Warning && ++warnings[d.code] > 1) continue;
        std::cerr << diag::format(d) << "\n";
    }
    for (const auto& [code, count] : warnings) {
        if (count > 1)
            std::cerr << "josekic: note: " << count - 1 << " more " << diag::name(code)
                      << " warning" << (count == 2 ? "" : "s") << " in the --reference books\n";
    }
}

std::optional<std::vector<reference::ReferenceIndex>> load_books(
    const std::vector<std::string>& arguments, bool& lost) {
    diag::DiagnosticList problems;
    std::vector<reference::ReferenceIndex> books;
    try {
        books = compile::load_references(arguments, problems);
    } catch (const std::runtime_error& e) {
        // What was found before the book that cannot be used, then why it cannot.
        print_book_problems(problems.items);
        std::cerr << "josekic: error: " << e.what() << "\n";
        return std::nullopt;
    }
    print_book_problems(problems.items);
    lost = diag::any_error(problems.items);
    return books;
}

void write_books_on_line(std::ostream& out, const index::QueryLine& query,
                         const std::vector<reference::ReferenceIndex>& books,
                         std::span<const std::size_t> game_move_numbers) {
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
        for (const reference::BookLine::Verdict& v : in_book.verdicts) {
            out << "; move " << v.move;
            if (v.move <= game_move_numbers.size() && game_move_numbers[v.move - 1] != 0)
                out << " (" << game_move_numbers[v.move - 1] << " of the game)";
            out << ", " << move(v.move - 1) << ": "
                << index::book_verdict_text(v.annotation, query);
        }
        out << ".\n";
    }
}

LookupTextExtras books_text_extras(const index::LookupResult& result,
                                   const std::vector<reference::ReferenceIndex>& books) {
    LookupTextExtras extras;
    if (books.empty()) return extras;
    std::ostringstream said;
    said << "Books:\n";
    write_books_on_line(said, result.query, books);
    extras.after_line = said.str();
    for (const std::vector<index::BookWord>& words : index::books_on_continuations(result, books))
        extras.continuation_notes.push_back(index::book_words_text(words));
    return extras;
}

}  // namespace josekic::cli
