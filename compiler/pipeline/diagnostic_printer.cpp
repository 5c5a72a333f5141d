#include "compiler/pipeline/diagnostic_printer.hpp"

namespace josekic::pipeline {

DiagnosticPrinter::DiagnosticPrinter(Verbosity verbosity, std::ostream& out, ProgressLine& progress)
    : verbosity_(verbosity), out_(out), progress_(progress) {}

void DiagnosticPrinter::print(const diag::Diagnostic& d) {
    if (d.severity != diag::Severity::Error && verbosity_ != Verbosity::Normal) return;
    progress_.clear();
    out_ << diag::format(d) << '\n';
}

}  // namespace josekic::pipeline
