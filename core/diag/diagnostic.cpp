#include "core/diag/diagnostic.hpp"

#include <algorithm>
#include <cassert>

#include "core/diag/terminal_text.hpp"

namespace josekic::diag {

std::string format(const Diagnostic& d) {
    // A file's name and a message quote what the input holds: shown as one line, never as
    // instructions to the terminal (terminal_text.hpp).
    std::string out = terminal_text(d.path);
    if (d.where.line > 0) {
        out += ':' + std::to_string(d.where.line) + ':' + std::to_string(d.where.column);
    }
    out += ": ";
    out += name(d.severity);
    out += ": ";
    out += terminal_text(d.message);
    out += " [";
    out += name(d.code);
    out += "]";
    return out;
}

void DiagnosticSink::warning(std::string_view path, SourceLocation where, Code code,
                             std::string message) {
    assert(info(code).severity.value_or(Severity::Warning) == Severity::Warning);
    report(Diagnostic{std::string(path), where, Severity::Warning, code, std::move(message)});
}

void DiagnosticSink::error(std::string_view path, SourceLocation where, Code code,
                           std::string message) {
    assert(info(code).severity.value_or(Severity::Error) == Severity::Error);
    report(Diagnostic{std::string(path), where, Severity::Error, code, std::move(message)});
}

void DiagnosticCounts::add(const Diagnostic& d) {
    ++by_code[std::string(name(d.code))];
    if (d.severity == Severity::Error)
        ++errors;
    else
        ++warnings;
}

bool any_error(const std::vector<Diagnostic>& items) {
    return std::ranges::any_of(items,
                               [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace josekic::diag
