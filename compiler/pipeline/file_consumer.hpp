#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/pipeline/diagnostic_log.hpp"
#include "compiler/pipeline/diagnostic_printer.hpp"
#include "compiler/pipeline/duplicate_finder.hpp"
#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/progress.hpp"
#include "compiler/pipeline/run_report.hpp"
#include "compiler/pipeline/streamed_file.hpp"

namespace josekic::pipeline {

/// The consumer side of the stream, on one thread, file after file in input order: counts
/// each file and game into the report, prints diagnostics, drops duplicates, hands every
/// kept game to `consume_game`, writes the diagnostics file and keeps the progress line up to date.
class FileConsumer {
  public:
    /// `consume_game` is called with the file and the index of each kept game.
    /// `inputs` are measured for the progress line when it is drawn.
    FileConsumer(const std::vector<std::string>& inputs, const StreamOptions& options,
                 const std::function<void(StreamedFile&, std::size_t)>& consume_game,
                 RunReport& report);

    /// Takes in the next file in input order.
    void consume(StreamedFile& file);
    /// Erases the progress line, prints the count of the diagnostics not shown and commits
    /// the diagnostics file; call once, after the last file of a run that did not fail.
    void finish();

  private:
    void consume_game(StreamedFile& file, std::size_t game);
    void report_diagnostic(const diag::Diagnostic& d);

    const StreamOptions& options_;
    const std::function<void(StreamedFile&, std::size_t)>& consume_game_;
    RunReport& report_;
    ProgressLine progress_;
    DiagnosticPrinter printer_;
    std::optional<DiagnosticLog> log_;
    DuplicateFinder duplicates_;
    std::uint64_t disk_bytes_done_ = 0;
};

}  // namespace josekic::pipeline
