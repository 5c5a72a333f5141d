#pragma once

#include <string>
#include <vector>

#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/dictionary_builder.hpp"

namespace josekic::compile {

/// The root-comment lines that say how a dictionary was made: inputs, games read, kept,
/// skipped and deduplicated, the date range and every option that shapes the output.
/// Nothing that varies between runs of the same input (times, thread count) appears.
std::vector<std::string> provenance_lines(const CompileOptions& options,
                                          const pipeline::RunReport& run,
                                          const DictionaryBuilder& builder,
                                          const dictionary::Eras& eras);

/// report.txt: the run report without timings, the joseki and fuseki statistics (sequences
/// per corner, how sequences ended, node and terminal counts, the first-move table, the
/// most common openings, transposition classes) and the files written, with the output options
/// that wrote them (`output_arguments`, which the index keeps for `compile --update`).
/// Byte-identical for the same input and options.
std::string render_compile_report(const CompileResult& result, const DictionaryBuilder& builder,
                                  const std::vector<std::string>& output_arguments);

}  // namespace josekic::compile
