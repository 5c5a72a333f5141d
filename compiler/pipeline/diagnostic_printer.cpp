#include "compiler/pipeline/diagnostic_printer.hpp"

#include "emit/decimal_text.hpp"

namespace josekic::pipeline {

DiagnosticPrinter::DiagnosticPrinter(Verbosity verbosity, std::ostream& out, ProgressLine& progress,
                                     std::string where_all_are)
    : verbosity_(verbosity),
      out_(out),
      progress_(progress),
      where_all_are_(std::move(where_all_are)) {}

void DiagnosticPrinter::print(const diag::Diagnostic& d) {
    // An error means a file, a game or part of one was not read: always worth a line.
    if (d.severity != diag::Severity::Error) {
        if (verbosity_ == Verbosity::Quiet) return;
        if (verbosity_ == Verbosity::Normal && shown_[d.code]++ >= kShownPerCode) {
            ++not_shown_[d.code];
            return;
        }
    }
    progress_.clear();
    out_ << diag::format(d) << '\n';
}

void DiagnosticPrinter::finish() {
    if (not_shown_.empty()) return;
    progress_.clear();
    for (const auto& [code, count] : not_shown_) {
        out_ << "... and " << std::string_view(emit::thousands(count)) << " more [" << code
             << "]; all of them " << where_all_are_ << '\n';
    }
}

}  // namespace josekic::pipeline
