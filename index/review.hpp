#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game_record.hpp"
#include "index/game_lookup.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "trackers/corner.hpp"

namespace josekic::index {

/// How one line of a game (its opening, or one corner's sequence) went against the book.
struct LineReview {
    std::string name;   ///< "opening" or the corner ("upper-right", ...)
    LookupResult line;  ///< the whole line looked up; line.node set when it stayed in the book
    /// Where the line left the book: the game's move number of the move played there (0 for
    /// a tenuki, which has no move of its own), and how often the book position before it
    /// was played (what ranks deviations).
    std::size_t left_at_move_number = 0;
    std::uint64_t book_count = 0;
    /// Left where the book's lines end: no game of the book went on from the position before
    /// the move (the book has no move there, not a different one).
    bool past_book_end = false;
    /// Each move of the line's move number in the game (0 for a tenuki, which has no move of
    /// its own): how a teacher finds the line's "move 5" in the game.
    std::vector<std::size_t> game_move_numbers;
};

/// The review of a game: its opening and every corner sequence, those that left the book
/// first, the most common book position first.
struct GameReview {
    std::vector<LineReview> lines;
    /// The corners without a line, in corner order, each with the reason.
    std::vector<CornerWithoutLine> corners_not_reviewed;
    /// Why the opening is not reviewed, when it is not (GameLookup::fuseki_not_indexed).
    std::optional<std::string> opening_not_indexed;
};

/// Reviews the first `legal_moves` moves of `record` against the index: the opening (up to
/// the fuseki depth; even games only) and each corner sequence, tracked with the options the
/// index was compiled with, each followed in the book as far as it goes.
GameReview review_game(const IndexFile& index, const game::GameRecord& record,
                       std::size_t legal_moves, std::size_t alternatives);

}  // namespace josekic::index
