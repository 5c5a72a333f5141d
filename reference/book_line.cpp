#include "reference/book_line.hpp"

#include "reference/mark.hpp"

namespace josekic::reference {

BookLine follow_in_book(const ReferenceIndex& book, std::span<const go::Move> canonical) {
    BookLine line;
    RefNodeId at = kRefRoot;
    for (const go::Move& move : canonical) {
        const RefNodeId next = book.find_child(at, move);
        if (next == kNoRefNode) break;
        at = next;
        ++line.known_moves;
        const NodeAnnotation& said = book.node(at).annotation;
        if ((said.marks & kBadMarks) != 0) line.verdicts.push_back({line.known_moves, said});
    }
    // The last known move's verdict, unless it is a bad one already listed: where the book's
    // knowledge of the game stops, what it thinks of the position reached.
    line.node = at;
    const NodeAnnotation& last = book.node(at).annotation;
    const bool listed = !line.verdicts.empty() && line.verdicts.back().move == line.known_moves;
    if (line.known_moves > 0 && !listed && !last.empty())
        line.verdicts.push_back({line.known_moves, last});
    return line;
}

}  // namespace josekic::reference
