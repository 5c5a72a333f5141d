#pragma once

#include <ostream>

#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/progress.hpp"
#include "core/diag/diagnostic.hpp"

namespace josekic::pipeline {

/// Prints the diagnostics of a run as they come, in input order, one line each
/// (diag::format): errors always, warnings unless Quiet. Clears the progress line first so
/// that a diagnostic never shares a line with it.
class DiagnosticPrinter {
  public:
    DiagnosticPrinter(Verbosity verbosity, std::ostream& out, ProgressLine& progress);

    /// Prints `d` if the verbosity asks for it.
    void print(const diag::Diagnostic& d);

  private:
    Verbosity verbosity_;
    std::ostream& out_;
    ProgressLine& progress_;
};

}  // namespace josekic::pipeline
