#include "compiler/pipeline/work_unit.hpp"

namespace josekic::pipeline {

namespace {

constexpr std::size_t kUnitMaxFiles = 64;
constexpr std::uint64_t kUnitMaxBytes = 256 * 1024;

}  // namespace

bool add_file(WorkUnit& unit, input::InputFile&& file) {
    StreamedFile& streamed = unit.files.emplace_back();
    streamed.display_path = std::move(file.display_path);
    streamed.size = file.bytes.size();
    streamed.bytes = std::move(file.bytes);
    streamed.read_error = std::move(file.read_error);
    streamed.cut_short = std::move(file.cut_short);
    streamed.disk_bytes = file.disk_bytes;
    unit.bytes += streamed.size;
    return unit.files.size() >= kUnitMaxFiles || unit.bytes >= kUnitMaxBytes;
}

}  // namespace josekic::pipeline
