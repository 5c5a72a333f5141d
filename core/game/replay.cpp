#include "core/game/replay.hpp"

#include <cassert>
#include <string>

namespace josekic::game {

diag::Code verdict_code(go::MoveVerdict v) {
    assert(v != go::MoveVerdict::Legal);
    switch (v) {
        case go::MoveVerdict::Occupied:
            return diag::Code::OccupiedPoint;
        case go::MoveVerdict::Suicide:
            return diag::Code::Suicide;
        case go::MoveVerdict::KoRecapture:
        case go::MoveVerdict::Legal:
            break;
    }
    return diag::Code::KoRecapture;
}

ReplayResult replay(const GameRecord& record, diag::DiagnosticSink& sink) {
    ReplayResult result;
    go::Board board;
    for (go::Point p : record.setup_black) board.place_setup(go::Color::Black, p);
    for (go::Point p : record.setup_white) board.place_setup(go::Color::White, p);

    const go::Board::LineResult line = board.play_line(record.moves);
    const std::size_t played = line.played;
    if (line.stopped_by != go::MoveVerdict::Legal) {
        const go::Move& move = record.moves[played];
        const diag::SourceLocation where =
            played < record.move_locations.size() ? record.move_locations[played] : record.location;
        sink.warning(record.source_path, where, verdict_code(line.stopped_by),
                     "game " + std::to_string(record.index_in_file) + ", move " +
                         std::to_string(played + 1) + " (" + go::sgf_letter(move.color) + "[" +
                         go::to_sgf(*move.point) +
                         "]): " + std::string(go::describe(line.stopped_by)) +
                         "; game kept up to move " + std::to_string(played));
        result.stopped_by = line.stopped_by;
    }
    result.legal_moves = played;
    return result;
}

}  // namespace josekic::game
