#include "compiler/pipeline/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace josekic::pipeline {

ProgressLine::ProgressLine(ProgressDisplay display, std::ostream& out)
    : display_(display), out_(out), start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

ProgressLine::~ProgressLine() {
    clear();
}

ProgressDisplay ProgressLine::for_stderr() {
    return ::isatty(STDERR_FILENO) != 0 ? ProgressDisplay::Terminal : ProgressDisplay::None;
}

void ProgressLine::update(std::uint64_t files, std::uint64_t games) {
    if (display_ == ProgressDisplay::None) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < std::chrono::milliseconds(200)) return;
    last_draw_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0.0 ? static_cast<double>(games) / elapsed : 0.0;
    // The total is unknown while the walk streams, so the bar is a spinner-like sweep
    // that shows the run is alive; the numbers carry the information.
    constexpr int kWidth = 20;
    const int head = static_cast<int>(elapsed * 8.0) % kWidth;
    std::string bar(kWidth, ' ');
    bar[static_cast<std::size_t>(head)] = '#';
    char text[160];
    std::snprintf(text, sizeof text, "\r[%s] %llu files, %llu games, %.0f games/s\033[K",
                  bar.c_str(), static_cast<unsigned long long>(files),
                  static_cast<unsigned long long>(games), rate);
    out_ << text << std::flush;
    drawn_ = true;
}

void ProgressLine::clear() {
    if (!drawn_) return;
    out_ << "\r\033[K" << std::flush;
    drawn_ = false;
}

}  // namespace josekic::pipeline
