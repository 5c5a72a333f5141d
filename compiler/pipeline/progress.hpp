#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace josekic::pipeline {

/// Whether a progress line should be drawn at all.
enum class ProgressDisplay { Terminal, None };

/// How far a run is, as the progress line shows it.
struct ProgressState {
    std::uint64_t files = 0;
    std::uint64_t games = 0;
    std::uint64_t disk_bytes_done = 0;   ///< input bytes read so far (InputFile::disk_bytes)
    std::uint64_t disk_bytes_total = 0;  ///< the inputs' size on disk; 0 when unknown
    double seconds = 0.0;                ///< since the run started
};

/// The progress line for `state`, without the carriage return that redraws it: with a
/// known total a bar, the percentage, games, games per second and the time left
/// ("[#########-----------]  45%  12,790 games  8,400 games/s  0:02 left"); without one, a
/// sweep that shows the run is alive, files and games. At most 79 columns for runs of up
/// to ten million games at up to a million games a second.
std::string render_progress(const ProgressState& state);

/// The one-line progress display on stderr, redrawn in place at most ten times a second.
/// Drawn only when stderr is a terminal (decided by the caller through `display`);
/// otherwise every call does nothing.
class ProgressLine {
  public:
    /// `disk_bytes_total` is the inputs' size on disk (input::total_disk_bytes), 0 if unknown.
    ProgressLine(ProgressDisplay display, std::ostream& out, std::uint64_t disk_bytes_total = 0);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    /// Redraws the line if enough time has passed since the last drawing.
    void update(std::uint64_t files, std::uint64_t games, std::uint64_t disk_bytes_done);
    /// Erases the line (before a diagnostic is printed, and at the end).
    void clear();

    /// Terminal when stderr is a terminal, None otherwise.
    static ProgressDisplay for_stderr();

  private:
    ProgressDisplay display_;
    std::ostream& out_;
    std::uint64_t disk_bytes_total_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
    bool drawn_ = false;
};

}  // namespace josekic::pipeline
