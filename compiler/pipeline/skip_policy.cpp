#include "compiler/pipeline/skip_policy.hpp"

namespace josekic::pipeline {

std::optional<SkipReason> skip_before_replay(const game::GameRecord& record) {
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

std::optional<SkipReason> skip_after_replay(const game::ReplayResult& replay) {
    if (replay.legal_moves == 0)
        return SkipReason{diag::Code::NoMoves, "its first move is illegal"};
    return std::nullopt;
}

diag::Diagnostic skip_diagnostic(const game::GameRecord& record, const SkipReason& reason) {
    return diag::Diagnostic{
        record.source_path, record.location, diag::Severity::Warning, reason.code,
        "game " + std::to_string(record.index_in_file) + " skipped: " + reason.why};
}

void mark_skipped(GameSlot& slot, SkipReason reason) {
    slot.diagnostics.push_back(skip_diagnostic(slot.record, reason));
    slot.skip_reason = reason.code;
}

}  // namespace josekic::pipeline
