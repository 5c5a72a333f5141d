#include "compiler/pipeline/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "emit/decimal_text.hpp"

namespace josekic::pipeline {

namespace {

constexpr int kBarWidth = 20;

std::string thousands(std::uint64_t n) {
    return std::string(std::string_view(emit::thousands(n)));
}

// "0:07", "12:34", "1:02:03".
std::string clock_text(double seconds) {
    const auto total = static_cast<std::uint64_t>(std::llround(std::max(seconds, 0.0)));
    const std::uint64_t hours = total / 3600;
    const std::uint64_t minutes = total / 60 % 60;
    const std::uint64_t secs = total % 60;
    std::string text = hours > 0 ? std::to_string(hours) + ":" : "";
    text += hours > 0 && minutes < 10 ? "0" + std::to_string(minutes) : std::to_string(minutes);
    text += secs < 10 ? ":0" + std::to_string(secs) : ":" + std::to_string(secs);
    return text;
}

}  // namespace

std::string render_progress(const ProgressState& state) {
    std::string bar(kBarWidth, '-');
    std::string line;
    const bool known = state.disk_bytes_total > 0;
    // Past the estimate (files that grew, archives' trailing bytes) the run is not done yet.
    const double fraction = known ? std::min(0.99, static_cast<double>(state.disk_bytes_done) /
                                                       static_cast<double>(state.disk_bytes_total))
                                  : 0.0;
    if (known) {
        const auto filled = static_cast<std::size_t>(fraction * kBarWidth);
        std::fill_n(bar.begin(), filled, '#');
        const auto percent = static_cast<int>(fraction * 100.0);
        line = "[" + bar + "] " + std::string(percent < 10 ? "  " : " ") + std::to_string(percent) +
               "%  ";
    } else {
        // No total (a pipe): a mark that sweeps along the bar shows that the run is alive.
        const auto head = static_cast<std::size_t>(state.seconds * 8.0) % kBarWidth;
        bar[head] = '#';
        line = "[" + bar + "]  ";
    }
    // The percentage says how far the files are; without it, their count shows progress.
    if (!known) line += thousands(state.files) + " files  ";
    line += thousands(state.games) + " games";
    if (state.seconds > 0.0) {
        const auto rate =
            static_cast<std::uint64_t>(static_cast<double>(state.games) / state.seconds);
        line += "  " + thousands(rate) + " games/s";
    }
    // The time left is worth showing once the rate has settled a little.
    if (known && fraction > 0.0 && state.seconds >= 0.5)
        line += "  " + clock_text(state.seconds * (1.0 - fraction) / fraction) + " left";
    return line;
}

ProgressLine::ProgressLine(ProgressDisplay display, std::ostream& out,
                           std::uint64_t disk_bytes_total)
    : display_(display),
      out_(out),
      disk_bytes_total_(disk_bytes_total),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressLine::~ProgressLine() {
    clear();
}

ProgressDisplay ProgressLine::for_stderr() {
    return ::isatty(STDERR_FILENO) != 0 ? ProgressDisplay::Terminal : ProgressDisplay::None;
}

void ProgressLine::update(std::uint64_t files, std::uint64_t games, std::uint64_t disk_bytes_done) {
    if (display_ == ProgressDisplay::None) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    const ProgressState state{files, games, disk_bytes_done, disk_bytes_total_,
                              std::chrono::duration<double>(now - start_).count()};
    out_ << '\r' << render_progress(state) << "\033[K" << std::flush;
    drawn_ = true;
}

void ProgressLine::clear() {
    if (!drawn_) return;
    out_ << "\r\033[K" << std::flush;
    drawn_ = false;
}

}  // namespace josekic::pipeline
