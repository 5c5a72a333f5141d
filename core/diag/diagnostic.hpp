#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/code.hpp"

namespace josekic::diag {

/// A place in an input file: 1-based line and column (column counts bytes). 0 means
/// unknown (e.g. a file that could not be opened at all).
struct SourceLocation {
    int line = 0;
    int column = 0;
    friend constexpr bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

/// One data problem found in an input. `code` says which (its name, e.g. "occupied-point",
/// is what reports count); see `kCodes` in core/diag/code.hpp.
struct Diagnostic {
    std::string path;
    SourceLocation where;
    Severity severity = Severity::Warning;
    Code code = Code::CannotRead;
    std::string message;
};

/// "path:line:col: warning: message [code]", the form compilers use, so that editors and
/// terminals can jump to it.
std::string format(const Diagnostic& d);

/// Where diagnostics go. Readers take a sink so that the caller decides whether to print,
/// collect or count them.
class DiagnosticSink {
  public:
    virtual ~DiagnosticSink() = default;
    virtual void report(Diagnostic d) = 0;

    /// Reports a warning; `code` must not be one whose fixed severity is Error.
    void warning(std::string_view path, SourceLocation where, Code code, std::string message);
    /// Reports an error; `code` must not be one whose fixed severity is Warning.
    void error(std::string_view path, SourceLocation where, Code code, std::string message);
};

/// A sink that keeps every diagnostic in arrival order, for per-file collection in worker
/// threads (merged into the run's report in input order, so output is deterministic).
class DiagnosticList final : public DiagnosticSink {
  public:
    void report(Diagnostic d) override { items.push_back(std::move(d)); }
    std::vector<Diagnostic> items;
};

/// Whether any of `items` is an error (something was lost), which makes a command exit 1.
bool any_error(const std::vector<Diagnostic>& items);

/// Counts of diagnostics by code name and by severity, ordered by name for stable reports.
struct DiagnosticCounts {
    std::map<std::string, std::uint64_t> by_code;
    std::uint64_t warnings = 0;
    std::uint64_t errors = 0;
    void add(const Diagnostic& d);
};

}  // namespace josekic::diag
