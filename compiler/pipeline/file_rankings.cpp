#include "compiler/pipeline/file_rankings.hpp"

#include <algorithm>
#include <string_view>

namespace josekic::pipeline {

namespace {

template <typename Measure>
bool ranks_before(Measure a, std::string_view a_path, Measure b, std::string_view b_path) {
    return a != b ? a > b : a_path < b_path;
}

// Keeps in `top` the five files that rank first by `measure`. It runs on the consumer
// thread for every file and most files do not get in, so they are turned away before their
// path is copied.
template <typename Measure>
void keep_top(std::vector<FileMeasure>& top, Measure FileMeasure::*measure,
              const FileMeasure& file_numbers, const std::string& path) {
    constexpr std::size_t kTop = 5;
    const Measure value = file_numbers.*measure;
    const auto ranks_before_kept = [&](const FileMeasure& kept) {
        return ranks_before(value, std::string_view(path), kept.*measure,
                            std::string_view(kept.path));
    };
    if (top.size() == kTop && !ranks_before_kept(top.back())) return;
    top.insert(std::find_if(top.begin(), top.end(), ranks_before_kept),
               FileMeasure{path, file_numbers.bytes, file_numbers.seconds});
    if (top.size() > kTop) top.pop_back();
}

}  // namespace

void rank_file(RunReport& report, const FileMeasure& measure, const std::string& path) {
    keep_top(report.largest_files, &FileMeasure::bytes, measure, path);
    keep_top(report.slowest_files, &FileMeasure::seconds, measure, path);
}

}  // namespace josekic::pipeline
