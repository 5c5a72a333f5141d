#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/game/game_record.hpp"
#include "core/go/move.hpp"
#include "trackers/corner_tracker.hpp"

namespace josekic::index {

// A joseki line's moves are spread over the game (moves elsewhere come between them), so the
// index keeps the game move number of each: LEB128 varints, the first stone's number, then
// for every later stone the difference from the number of the move before it. A tenuki has
// no varint: it is the other side's move elsewhere right after the previous move, whose
// number plus one it takes. A line of 11 moves takes about 11 bytes.

/// The moves of a corner sequence as the game played them: its canonical moves mapped back
/// to the game's corner, orientation and colours.
std::vector<go::Move> moves_as_played(const trackers::CornerSequence& sequence);

/// The index in record.moves of each move of `played` (a corner's line in game coordinates
/// whose first stone is record.moves[first_index]), searched in order below `end`; a tenuki
/// has none.
std::vector<std::optional<std::size_t>> game_move_indices(const game::GameRecord& record,
                                                          std::span<const go::Move> played,
                                                          std::size_t first_index, std::size_t end);

/// Appends the move numbers of a line (its moves, and their indices from game_move_indices)
/// to `out`, as the index stores them.
void append_move_numbers(std::vector<std::uint8_t>& out, std::span<const go::Move> moves,
                         std::span<const std::optional<std::size_t>> indices);

/// The game move number of the last of `moves` (the first moves of a line, whose numbers
/// begin at `offset` of `numbers`); nullopt when the bytes run out or are malformed.
std::optional<std::uint32_t> move_number_at(std::span<const std::byte> numbers,
                                            std::uint64_t offset, std::span<const go::Move> moves);

}  // namespace josekic::index
