#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/game/game_record.hpp"
#include "index/index_reader.hpp"
#include "index/review.hpp"

namespace josekic::index {

/// The game as SGF with the review on its moves: each move in the book says how often the
/// book played it ("opening, book: played 1,234 times, Black wins 52.0%"), the move where a
/// line left the book says so and lists the book's moves there, which LB labels mark on the
/// board (A, B, ...; one label per point and one point per label at each node). When
/// `file_bytes` (the bytes of the file the game was read from) are SGF, the game's own tree
/// is written with everything it had (properties, comments, labels, variations) and the
/// review added to its main line's comments and labels; otherwise the game is written from
/// its record. Text is escaped by emit/sgf_text.
std::string reviewed_sgf(const IndexFile& index, const game::GameRecord& record,
                         std::size_t legal_moves, const GameReview& review,
                         std::string_view file_bytes = {});

}  // namespace josekic::index
