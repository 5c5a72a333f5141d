#pragma once

#include "compiler/pipeline/streamed_file.hpp"
#include "core/game/skip_rules.hpp"

namespace josekic::pipeline {

/// Marks `slot` as skipped for `reason` (core/game/skip_rules: the rules every reader of
/// games shares) and adds the warning that says so.
void mark_skipped(GameSlot& slot, game::SkipReason reason);

}  // namespace josekic::pipeline
