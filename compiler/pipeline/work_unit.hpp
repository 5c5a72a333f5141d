#pragma once

#include <cstdint>
#include <vector>

#include "compiler/pipeline/streamed_file.hpp"
#include "core/input/walker.hpp"

namespace josekic::pipeline {

/// Several small files (or one large one) that travel together from the walker to a worker
/// and on to the consumer: one hand-over per file would cost more in lock and wake-up
/// traffic than parsing a typical game record.
struct WorkUnit {
    std::uint64_t sequence = 0;  ///< position in input order, set when the unit is queued
    std::uint64_t bytes = 0;     ///< input bytes of its files
    std::vector<StreamedFile> files;
};

/// Adds a file to the unit being filled; true when the unit is full (64 files or 256 kB)
/// and should be sent.
bool add_file(WorkUnit& unit, input::InputFile&& file);

}  // namespace josekic::pipeline
