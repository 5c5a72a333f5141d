#pragma once

#include <string>

#include "compiler/compile/compile_job.hpp"

namespace josekic::compile {

/// The stage times of a run as aligned text lines (for `josekic compile --timings` on stderr).
std::string render_timings(const CompileResult& result);

}  // namespace josekic::compile
