#pragma once

#include <string>

#include "compiler/pipeline/run_report.hpp"

namespace josekic::pipeline {

/// Offers one more file to the report's largest and slowest files (five each, ranked by
/// the measure descending, then by path, so that ties do not depend on the input order).
/// `measure.path` is ignored: `path` is copied only for a file that gets in.
void rank_file(RunReport& report, const FileMeasure& measure, const std::string& path);

}  // namespace josekic::pipeline
