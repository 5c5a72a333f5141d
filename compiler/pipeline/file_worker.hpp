#pragma once

#include <functional>

#include "compiler/pipeline/game_stream.hpp"
#include "compiler/pipeline/streamed_file.hpp"

namespace josekic::pipeline {

/// The per-file work done on a worker thread, depending on that file only: parses its
/// bytes with `parser` (then frees them), replays every game the skip policy and the
/// filters let through,
/// fingerprints it for duplicate detection (unless options.duplicates is Keep), and calls
/// `analyze_file`. Times each stage into `file`. Does nothing for a file that could not be
/// read.
void process_file(StreamedFile& file, const GameParser& parser, const StreamOptions& options,
                  const std::function<void(StreamedFile&)>& analyze_file);

}  // namespace josekic::pipeline
