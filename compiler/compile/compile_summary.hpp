#pragma once

#include <string>

#include "compiler/compile/compile_job.hpp"

namespace josekic::compile {

/// The summary's first line, without its newline: "read 1,204 games in 12 files; used 1,200,
/// skipped 4 (4 duplicate)" and the games the filters removed.
std::string render_games_read(const pipeline::RunReport& run);

/// The few lines `josekic compile` prints on stdout when it is done: games read, used and
/// skipped (by reason), each file written with its nodes and size, and where the full
/// report is (`report_path`). The report itself is in report.txt, not repeated here.
std::string render_compile_summary(const CompileResult& result, const std::string& report_path);

}  // namespace josekic::compile
