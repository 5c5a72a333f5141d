#pragma once

#include <string>

#include "core/diag/diagnostic.hpp"
#include "emit/atomic_file.hpp"

namespace josekic::pipeline {

/// Every diagnostic of a run in a file (`--diagnostics FILE`), one line each (diag::format)
/// in input order, whatever the terminal shows. The file is written atomically: until
/// commit() it keeps its old contents, and a failed write is an exception.
class DiagnosticLog {
  public:
    /// Creates the temporary file beside `path`; throws when it cannot.
    explicit DiagnosticLog(const std::string& path);

    /// Appends `d`.
    void add(const diag::Diagnostic& d);
    /// Writes what is left and renames the file into place. Call once, at the end.
    void commit();

  private:
    void flush();

    emit::AtomicFile file_;
    std::string pending_;  // lines not yet written: the file is written in large pieces
};

}  // namespace josekic::pipeline
