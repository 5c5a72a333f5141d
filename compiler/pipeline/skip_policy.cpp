#include "compiler/pipeline/skip_policy.hpp"

namespace josekic::pipeline {

std::optional<SkipReason> skip_before_replay(const game::GameRecord& record) {
    if (record.game_type != 1)
        return SkipReason{"not-go", "GM[" + std::to_string(record.game_type) + "] is not Go"};
    if (record.board_width != go::kBoardSize || record.board_height != go::kBoardSize) {
        return SkipReason{"not-19x19", "board is " + std::to_string(record.board_width) + "x" +
                                           std::to_string(record.board_height) +
                                           "; only 19x19 games are read"};
    }
    if (record.moves.empty()) return SkipReason{"no-moves", "no moves"};
    return std::nullopt;
}

std::optional<SkipReason> skip_after_replay(const game::ReplayResult& replay) {
    if (replay.legal_moves == 0) return SkipReason{"no-moves", "its first move is illegal"};
    return std::nullopt;
}

void mark_skipped(GameSlot& slot, SkipReason reason) {
    const game::GameRecord& r = slot.record;
    slot.diagnostics.push_back(
        diag::Diagnostic{r.source_path, r.location, diag::Severity::Warning, reason.code,
                         "game " + std::to_string(r.index_in_file) + " skipped: " + reason.why});
    slot.skip_reason = std::move(reason.code);
}

}  // namespace josekic::pipeline
