#pragma once

// The one clock behind every stage time that --timings prints.

#include <chrono>

namespace josekic::pipeline {

/// The clock of stage times: monotonic, so that a change of the system time cannot make a
/// stage take negative time.
using StageClock = std::chrono::steady_clock;

/// Seconds from `start` until now.
inline double seconds_since(StageClock::time_point start) {
    return std::chrono::duration<double>(StageClock::now() - start).count();
}

}  // namespace josekic::pipeline
