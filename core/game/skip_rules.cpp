#include "core/game/skip_rules.hpp"

#include <utility>

#include "core/go/point.hpp"

namespace josekic::game {

std::optional<SkipReason> skip_before_replay(const GameRecord& record) {
    if (record.game_type != 1)
        return SkipReason{diag::Code::NotGo,
                          "GM[" + std::to_string(record.game_type) + "] is not Go"};
    if (record.board_width != go::kBoardSize || record.board_height != go::kBoardSize) {
        return SkipReason{diag::Code::Not19x19, "board is " + std::to_string(record.board_width) +
                                                    "x" + std::to_string(record.board_height) +
                                                    "; only 19x19 games are read"};
    }
    if (record.moves.empty()) return SkipReason{diag::Code::NoMoves, "no moves"};
    return std::nullopt;
}

std::optional<SkipReason> skip_after_replay(const ReplayResult& replay) {
    if (replay.legal_moves == 0)
        return SkipReason{diag::Code::NoMoves, "its first move is illegal"};
    return std::nullopt;
}

diag::Diagnostic skip_diagnostic(const GameRecord& record, const SkipReason& reason) {
    return diag::Diagnostic{
        record.source_path, record.location, diag::Severity::Warning, reason.code,
        "game " + std::to_string(record.index_in_file) + " skipped: " + reason.why};
}

std::optional<PlayableGame> replay_unless_skipped(GameRecord record,
                                                  diag::DiagnosticList& problems) {
    if (std::optional<SkipReason> reason = skip_before_replay(record)) {
        problems.items.push_back(skip_diagnostic(record, *reason));
        return std::nullopt;
    }
    PlayableGame game{std::move(record), 0};
    const ReplayResult replay = game::replay(game.record, problems);
    if (std::optional<SkipReason> reason = skip_after_replay(replay)) {
        problems.items.push_back(skip_diagnostic(game.record, *reason));
        return std::nullopt;
    }
    game.legal_moves = replay.legal_moves;
    return game;
}

}  // namespace josekic::game
