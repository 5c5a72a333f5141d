#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace josekic::diag {

/// A place in an input file: 1-based line and column (column counts bytes). 0 means
/// unknown (e.g. a file that could not be opened at all).
struct SourceLocation {
    int line = 0;
    int column = 0;
    friend constexpr bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

enum class Severity : std::uint8_t { Warning, Error };

std::string_view name(Severity s);

/// One data problem found in an input. `code` is a short stable kebab-case identifier
/// (e.g. "unterminated-value", "occupied-point") by which reports count problems.
struct Diagnostic {
    std::string path;
    SourceLocation where;
    Severity severity = Severity::Warning;
    std::string code;
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

    void warning(std::string_view path, SourceLocation where, std::string_view code,
                 std::string message);
    void error(std::string_view path, SourceLocation where, std::string_view code,
               std::string message);
};

/// A sink that keeps every diagnostic in arrival order, for per-file collection in worker
/// threads (merged into the run's report in input order, so output is deterministic).
class DiagnosticList final : public DiagnosticSink {
  public:
    void report(Diagnostic d) override { items.push_back(std::move(d)); }
    std::vector<Diagnostic> items;
};

/// Counts of diagnostics by code and by severity, ordered by code for stable reports.
struct DiagnosticCounts {
    std::map<std::string, std::uint64_t> by_code;
    std::uint64_t warnings = 0;
    std::uint64_t errors = 0;
    void add(const Diagnostic& d);
};

}  // namespace josekic::diag
