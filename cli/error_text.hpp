#pragma once

#include <exception>
#include <string>

namespace josekic::cli {

/// What a failure says after "josekic: error: ": the exception's own text, except where that
/// names a C++ type or an errno rather than the trouble (out of memory, no thread started).
std::string error_text(const std::exception& failure);

}  // namespace josekic::cli
