#pragma once

// Hand-built games for the tracker tests, written as short move lists: "B[pd] W[dd] B[]".

#include <string_view>
#include <vector>

#include "core/game/game_record.hpp"

namespace josekic::trackers::testing {

/// Moves from "B[pd] W[] ..." (a pass is "B[]" or "B[tt]").
inline std::vector<go::Move> moves_of(std::string_view text) {
    std::vector<go::Move> moves;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != 'B' && text[i] != 'W') continue;
        const go::Color c = text[i] == 'B' ? go::Color::Black : go::Color::White;
        const std::size_t open = text.find('[', i);
        const std::size_t close = text.find(']', open);
        const auto value = text.substr(open + 1, close - open - 1);
        const auto point = go::point_from_sgf(value);
        moves.push_back(point ? go::Move::at(c, *point) : go::Move::pass(c));
        i = close;
    }
    return moves;
}

/// A 19x19 game whose main line is `text`.
inline game::GameRecord game_of(std::string_view text) {
    game::GameRecord record;
    record.source_path = "test.sgf";
    record.moves = moves_of(text);
    record.move_locations.resize(record.moves.size());
    return record;
}

}  // namespace josekic::trackers::testing
