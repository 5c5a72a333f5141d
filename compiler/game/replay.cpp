#include "compiler/game/replay.hpp"

#include <string>

namespace josekic::game {

std::string verdict_code(go::MoveVerdict v) {
    switch (v) {
        case go::MoveVerdict::Occupied: return "occupied-point";
        case go::MoveVerdict::Suicide: return "suicide";
        case go::MoveVerdict::KoRecapture: return "ko-recapture";
        case go::MoveVerdict::Legal: break;
    }
    return "illegal-move";
}

ReplayResult replay(const GameRecord& record, diag::DiagnosticSink& sink) {
    ReplayResult result;
    for (go::Point p : record.setup_black) result.final_board.place_setup(go::Color::Black, p);
    for (go::Point p : record.setup_white) result.final_board.place_setup(go::Color::White, p);

    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const go::Move& move = record.moves[i];
        const go::MoveVerdict verdict = result.final_board.play(move);
        if (verdict != go::MoveVerdict::Legal) {
            const diag::SourceLocation where =
                i < record.move_locations.size() ? record.move_locations[i] : record.location;
            sink.warning(record.source_path, where, verdict_code(verdict),
                         "game " + std::to_string(record.index_in_file) + ", move " + std::to_string(i + 1) + " (" +
                             go::sgf_letter(move.color) + "[" + go::to_sgf(*move.point) +
                             "]): " + std::string(go::describe(verdict)) + "; game kept up to move " +
                             std::to_string(i));
            result.stopped_by = verdict;
            break;
        }
        result.legal_moves = i + 1;
    }
    return result;
}

}  // namespace josekic::game
