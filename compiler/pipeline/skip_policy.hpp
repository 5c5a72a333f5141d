#pragma once

#include <optional>
#include <string>

#include "compiler/pipeline/streamed_file.hpp"
#include "core/game/game_record.hpp"
#include "core/game/replay.hpp"

namespace josekic::pipeline {

/// Why a game is not analysed: a report code (NotGo, Not19x19, NoMoves) and the
/// reason in words for its diagnostic.
struct SkipReason {
    diag::Code code;
    std::string why;
};

/// Why `record` cannot be replayed on a 19x19 Go board (not Go, another size, no moves),
/// or nothing.
std::optional<SkipReason> skip_before_replay(const game::GameRecord& record);

/// Why a replayed game gives nothing to analyse (its first move is illegal), or nothing.
std::optional<SkipReason> skip_after_replay(const game::ReplayResult& replay);

/// The warning that says `record` is skipped for `reason`: "game 2 skipped: board is 9x9;
/// only 19x19 games are read [not-19x19]".
diag::Diagnostic skip_diagnostic(const game::GameRecord& record, const SkipReason& reason);

/// Marks `slot` as skipped for `reason` and adds the warning that says so.
void mark_skipped(GameSlot& slot, SkipReason reason);

}  // namespace josekic::pipeline
