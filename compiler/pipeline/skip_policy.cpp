#include "compiler/pipeline/skip_policy.hpp"

namespace josekic::pipeline {

void mark_skipped(GameSlot& slot, game::SkipReason reason) {
    slot.diagnostics.push_back(game::skip_diagnostic(slot.record, reason));
    slot.skip_reason = reason.code;
}

}  // namespace josekic::pipeline
