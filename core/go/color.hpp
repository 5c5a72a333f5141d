#pragma once

#include <cstdint>

namespace josekic::go {

/// The colour of a player or a stone.
enum class Color : std::uint8_t { Black, White };

/// The other player.
constexpr Color opponent(Color c) {
    return c == Color::Black ? Color::White : Color::Black;
}

/// The SGF property letter of a move by this colour: 'B' or 'W'.
constexpr char sgf_letter(Color c) {
    return c == Color::Black ? 'B' : 'W';
}

}  // namespace josekic::go
