#pragma once

#include <chrono>

namespace josekic::pipeline {

/// The clock of every stage time in the run report.
using StageClock = std::chrono::steady_clock;

/// Wall-clock seconds from `start` to now.
inline double seconds_since(StageClock::time_point start) {
    return std::chrono::duration<double>(StageClock::now() - start).count();
}

}  // namespace josekic::pipeline
