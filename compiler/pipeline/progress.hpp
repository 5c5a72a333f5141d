#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>

namespace josekic::pipeline {

/// Whether a progress line should be drawn at all.
enum class ProgressDisplay { Terminal, None };

/// The one-line progress display on stderr: files and games so far and games per second,
/// redrawn in place at most five times a second. Drawn only when stderr is a terminal
/// (decided by the caller through `display`); otherwise every call does nothing.
class ProgressLine {
  public:
    ProgressLine(ProgressDisplay display, std::ostream& out);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    /// Redraws the line if enough time has passed since the last drawing.
    void update(std::uint64_t files, std::uint64_t games);
    /// Erases the line (before a diagnostic is printed, and at the end).
    void clear();

    /// Terminal when stderr is a terminal, None otherwise.
    static ProgressDisplay for_stderr();

  private:
    ProgressDisplay display_;
    std::ostream& out_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
    bool drawn_ = false;
};

}  // namespace josekic::pipeline
