#pragma once

// The one clock behind every stage time that --timings prints.

#include <chrono>

namespace josekic::pipeline {

/// The clock of stage times: monotonic, so that a change of the system time cannot make a
/// stage take negative time.
using Clock = std::chrono::steady_clock;

/// Seconds from `start` until now.
inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace josekic::pipeline
