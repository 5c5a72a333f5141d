#include "compiler/pipeline/diagnostic_log.hpp"

namespace josekic::pipeline {

namespace {

constexpr std::size_t kWriteSize = 256 * 1024;

}  // namespace

DiagnosticLog::DiagnosticLog(const std::string& path) : file_(path) {}

void DiagnosticLog::add(const diag::Diagnostic& d) {
    pending_ += diag::format(d);
    pending_ += '\n';
    if (pending_.size() >= kWriteSize) flush();
}

void DiagnosticLog::commit() {
    flush();
    file_.commit();
}

void DiagnosticLog::flush() {
    file_.write(pending_);
    pending_.clear();
}

}  // namespace josekic::pipeline
