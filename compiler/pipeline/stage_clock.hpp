#pragma once

// The one clock behind every stage time that --timings prints.

#include <chrono>
#include <cstdio>
#include <string>

namespace josekic::pipeline {

/// The clock of stage times: monotonic, so that a change of the system time cannot make a
/// stage take negative time.
using StageClock = std::chrono::steady_clock;

/// Seconds from `start` until now.
inline double seconds_since(StageClock::time_point start) {
    return std::chrono::duration<double>(StageClock::now() - start).count();
}

/// Seconds as --timings prints them, with three decimals: "1.234".
inline std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", seconds);
    return text;
}

/// Adds the seconds from its making to the end of its scope to `seconds`: the time of one
/// block, told apart from the work around it without a clock call at each exit.
class StageTimer {
  public:
    explicit StageTimer(double& seconds) : seconds_(seconds), start_(StageClock::now()) {}
    StageTimer(const StageTimer&) = delete;
    StageTimer& operator=(const StageTimer&) = delete;
    ~StageTimer() { seconds_ += seconds_since(start_); }

  private:
    double& seconds_;
    StageClock::time_point start_;
};

}  // namespace josekic::pipeline
