#pragma once

#include <cstddef>
#include <string>

#include "core/game/game_record.hpp"
#include "index/index_reader.hpp"
#include "index/review.hpp"

namespace josekic::index {

/// The game as SGF with the review on its moves: each move in the book says how often the
/// book played it ("opening, book: played 1,234 times, 52.0% wins"), the move where a line
/// left the book says so and lists the book's moves there, which LB labels mark on the board
/// (A, B, ...). Text is escaped by emit/sgf_text.
std::string reviewed_sgf(const IndexFile& index, const game::GameRecord& record,
                         std::size_t legal_moves, const GameReview& review);

}  // namespace josekic::index
