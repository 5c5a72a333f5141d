#include "core/diag/diagnostic.hpp"

namespace josekic::diag {

std::string_view name(Severity s) {
    return s == Severity::Error ? "error" : "warning";
}

std::string format(const Diagnostic& d) {
    std::string out = d.path;
    if (d.where.line > 0) {
        out += ':' + std::to_string(d.where.line) + ':' + std::to_string(d.where.column);
    }
    out += ": ";
    out += name(d.severity);
    out += ": ";
    out += d.message;
    out += " [" + d.code + "]";
    return out;
}

void DiagnosticSink::warning(std::string_view path, SourceLocation where, std::string_view code,
                             std::string message) {
    report(Diagnostic{std::string(path), where, Severity::Warning, std::string(code),
                      std::move(message)});
}

void DiagnosticSink::error(std::string_view path, SourceLocation where, std::string_view code,
                           std::string message) {
    report(Diagnostic{std::string(path), where, Severity::Error, std::string(code),
                      std::move(message)});
}

void DiagnosticCounts::add(const Diagnostic& d) {
    ++by_code[d.code];
    if (d.severity == Severity::Error)
        ++errors;
    else
        ++warnings;
}

}  // namespace josekic::diag
