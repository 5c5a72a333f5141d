#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>

#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/progress.hpp"
#include "core/diag/diagnostic.hpp"

namespace josekic::pipeline {

/// Prints the diagnostics of a run as they come, in input order, one line each
/// (diag::format), so that a terminal stays readable: errors always; warnings, for Normal,
/// only the first kShownPerCode of each code, the rest counted and named in one line per
/// code by finish(); every warning for Verbose; none for Quiet. Clears the progress line
/// first so that a diagnostic never shares a line with it.
class DiagnosticPrinter {
  public:
    /// Warnings of one code printed before the rest are only counted (Verbosity::Normal).
    static constexpr std::uint64_t kShownPerCode = 5;

    /// `where_all_are` ends the line of a code whose warnings were not all printed, e.g.
    /// "with --verbose" or "in diagnostics.txt".
    DiagnosticPrinter(Verbosity verbosity, std::ostream& out, ProgressLine& progress,
                      std::string where_all_are);

    /// Prints `d` if the verbosity asks for it, or counts it as not shown.
    void print(const diag::Diagnostic& d);
    /// Prints "... and N more [code]; all of them <where_all_are>" for each code with
    /// warnings not shown, in code order. Call once, after the last diagnostic.
    void finish();

  private:
    Verbosity verbosity_;
    std::ostream& out_;
    ProgressLine& progress_;
    std::string where_all_are_;
    std::map<std::string, std::uint64_t> shown_;
    std::map<std::string, std::uint64_t> not_shown_;
};

}  // namespace josekic::pipeline
