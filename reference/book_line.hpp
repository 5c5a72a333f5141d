#pragma once

// One corner line followed in a reference book, move by move: how far the book knows it and
// what the book says of the moves it knows (for `review --reference`).

#include <cstddef>
#include <span>
#include <vector>

#include "core/go/move.hpp"
#include "reference/annotation.hpp"
#include "reference/reference_index.hpp"

namespace josekic::reference {

/// What one book says of one line.
struct BookLine {
    /// The line's leading moves the book knows (the line's length when it knows all of it).
    std::size_t known_moves = 0;
    /// The book's node of the last move it knows (its root when it knows none).
    RefNodeId node = kRefRoot;
    /// A move the book judges, 1-based in the line, with its annotation.
    struct Verdict {
        std::size_t move = 0;
        NodeAnnotation annotation;
    };
    /// The known moves the book advises against (kBadMarks), then the last known move when
    /// the book says anything of it: what a teacher checks first. In move order.
    std::vector<Verdict> verdicts;
};

/// Follows `canonical` (a joseki line normalised as the trie is) in `book`.
BookLine follow_in_book(const ReferenceIndex& book, std::span<const go::Move> canonical);

}  // namespace josekic::reference
