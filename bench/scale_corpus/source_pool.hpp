#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/go/move.hpp"

namespace josekic::bench {

/// A move of a source game, as a point index (Point::index(), 0..360) or kPassCode. Its
/// colour is not stored: source games alternate, Black first, so move i is Black's when i is
/// even.
using MoveCode = std::uint16_t;
inline constexpr MoveCode kPassCode = 361;

/// The colour of the move at `index` of a game that alternates, Black first.
constexpr go::Color color_at(std::size_t index) {
    return index % 2 == 0 ? go::Color::Black : go::Color::White;
}

/// The move `code` played by the colour of move `index`.
constexpr go::Move move_of(MoveCode code, std::size_t index) {
    if (code == kPassCode) return go::Move::pass(color_at(index));
    return go::Move::at(color_at(index), go::Point::from_index(code));
}

/// The game information a generated game borrows from the real game it continues.
struct SourceInfo {
    std::string black_player;
    std::string white_player;
    std::string black_rank;
    std::string white_rank;
    std::string result;
    std::string komi;  ///< as josekic normalised it ("6.5"), empty when absent
};

/// One real game: its legal main line and its information.
struct SourceGame {
    std::vector<MoveCode> moves;
    SourceInfo info;
};

/// What read_source_games() found.
struct SourcePool {
    std::vector<SourceGame> games;
    std::size_t games_read = 0;  ///< every game of the inputs, kept or not
    std::size_t files_read = 0;
};

/// Reads the real games of `inputs` (directories, archives or files, walked as josekic
/// walks them) and keeps the ones a generated game can be spliced from: 19x19 Go, no
/// handicap or setup stones, colours alternating from Black, at least `min_moves` moves,
/// each kept up to its first illegal move, and each once (by josekic's duplicate key). The
/// order is the walk's, so the pool is the same on every run.
SourcePool read_source_games(const std::vector<std::string>& inputs, std::size_t min_moves);

}  // namespace josekic::bench
