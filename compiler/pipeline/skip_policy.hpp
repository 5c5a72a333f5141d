#pragma once

#include <optional>
#include <string>

#include "compiler/pipeline/streamed_file.hpp"
#include "core/game/game_record.hpp"
#include "core/game/replay.hpp"

namespace josekic::pipeline {

/// Why a game is not analysed: a report code ("not-go", "not-19x19", "no-moves") and the
/// reason in words for its diagnostic.
struct SkipReason {
    std::string code;
    std::string why;
};

/// Why `record` cannot be replayed on a 19x19 Go board (not Go, another size, no moves),
/// or nothing.
std::optional<SkipReason> skip_before_replay(const game::GameRecord& record);

/// Why a replayed game gives nothing to analyse (its first move is illegal), or nothing.
std::optional<SkipReason> skip_after_replay(const game::ReplayResult& replay);

/// Marks `slot` as skipped for `reason` and adds the warning that says so.
void mark_skipped(GameSlot& slot, SkipReason reason);

}  // namespace josekic::pipeline
