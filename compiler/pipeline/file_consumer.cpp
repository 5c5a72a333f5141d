#include "compiler/pipeline/file_consumer.hpp"

#include <algorithm>
#include <iostream>

#include "compiler/pipeline/file_rankings.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/input/disk_size.hpp"

namespace josekic::pipeline {

namespace {

ProgressDisplay progress_display(const StreamOptions& options) {
    return options.progress == Progress::Auto && options.verbosity != Verbosity::Quiet
               ? ProgressLine::for_stderr()
               : ProgressDisplay::None;
}

// The inputs are measured only for a progress line that is drawn: one more listing of
// every directory, which a run without one does not need.
ProgressLine progress_line(const std::vector<std::string>& inputs, const StreamOptions& options) {
    const ProgressDisplay display = progress_display(options);
    return ProgressLine(display, std::cerr,
                        display == ProgressDisplay::Terminal ? input::total_disk_bytes(inputs) : 0);
}

}  // namespace

FileConsumer::FileConsumer(const std::vector<std::string>& inputs, const StreamOptions& options,
                           const std::function<void(StreamedFile&, std::size_t)>& consume_game,
                           RunReport& report)
    : options_(options),
      consume_game_(consume_game),
      report_(report),
      progress_(progress_line(inputs, options)),
      printer_(
          options.verbosity,
          options.diagnostics_out != nullptr ? *options.diagnostics_out : std::cerr, progress_,
          options.diagnostics_file.empty() ? "with --verbose" : "in " + options.diagnostics_file) {
    if (!options.diagnostics_file.empty()) log_.emplace(options.diagnostics_file);
}

void FileConsumer::consume(StreamedFile& file) {
    disk_bytes_done_ += file.disk_bytes;
    if (file.read_error) {
        const diag::Diagnostic& d = *file.read_error;
        // A warning is no skipped file: a directory reached twice is read once.
        if (d.severity != diag::Severity::Warning)
            report_.files_skipped.push_back(SkippedFile{d.path, d.code, d.message});
        // An INPUT itself that cannot be read (an I/O error listing it, after the check before
        // the run found it readable) fails the run as a missing one does: a dictionary of
        // what was left would replace DIR's.
        const bool input_unread =
            d.code == diag::Code::CannotRead &&
            std::find(report_.inputs.begin(), report_.inputs.end(), d.path) != report_.inputs.end();
        if (d.code == diag::Code::InputNotFound || input_unread) ++report_.inputs_missing;
        report_diagnostic(d);
        return;
    }
    if (file.written_by_josekic) {
        ++report_.josekic_files_skipped;
        return;
    }
    ++report_.files_read;
    report_.bytes_read += file.size;
    const double seconds = file.parse_seconds + file.replay_seconds + file.analysis_seconds;
    rank_file(report_, FileMeasure{{}, file.size, seconds}, file.display_path);
    report_.times.parse += file.parse_seconds;
    report_.times.replay += file.replay_seconds;
    report_.times.analysis += file.analysis_seconds;

    for (const diag::Diagnostic& d : file.diagnostics) report_diagnostic(d);
    // A file read whole that gave no game because of an error (no game tree in it, a native
    // record without moves) is skipped as surely as one that could not be read.
    if (file.games.empty()) {
        const auto error =
            std::ranges::find(file.diagnostics, diag::Severity::Error, &diag::Diagnostic::severity);
        if (error != file.diagnostics.end())
            report_.files_skipped.push_back(SkippedFile{error->path, error->code, error->message});
    }
    for (std::size_t i = 0; i < file.games.size(); ++i) consume_game(file, i);
    progress_.update(report_.files_read, report_.games_read, disk_bytes_done_);
}

void FileConsumer::finish() {
    progress_.clear();
    printer_.finish();
    if (log_) log_->commit();
}

void FileConsumer::consume_game(StreamedFile& file, std::size_t i) {
    GameSlot& slot = file.games[i];
    ++report_.games_read;
    for (const diag::Diagnostic& d : slot.diagnostics) report_diagnostic(d);
    if (slot.skip_reason) {
        ++report_.games_skipped[std::string(diag::name(*slot.skip_reason))];
        return;
    }
    if (options_.duplicates == Duplicates::Drop) {
        if (const auto duplicate = duplicates_.check(file.display_path, slot)) {
            report_diagnostic(*duplicate);
            ++report_.games_skipped["duplicate"];
            ++report_.duplicates_dropped;
            return;
        }
    }
    if (options_.on_unique_game) options_.on_unique_game(slot);
    if (slot.filtered) {
        report_.filtered.add(*slot.filtered);
        return;
    }
    ++report_.games_kept;
    report_.moves_replayed += slot.replay.legal_moves;
    if (slot.replay.stopped_by)
        ++report_.games_cut[std::string(diag::name(game::verdict_code(*slot.replay.stopped_by)))];
    const auto start = StageClock::now();
    consume_game_(file, i);
    report_.times.consume += seconds_since(start);
}

void FileConsumer::report_diagnostic(const diag::Diagnostic& d) {
    report_.diagnostics.add(d);
    printer_.print(d);
    if (log_) log_->add(d);
}

}  // namespace josekic::pipeline
