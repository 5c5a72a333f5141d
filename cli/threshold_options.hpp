#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>

#include "prune/thresholds.hpp"

namespace josekic::cli {

/// The threshold options as typed, shared by `compile` and `prune`.
struct ThresholdOptions {
    std::uint64_t min_count = 0;
    std::string min_share;
    std::size_t max_depth = 0;
    std::size_t max_children = 0;
    std::uint64_t min_players = 0;
};

/// Adds --min-count, --min-share, --max-depth, --max-children and --min-players, bound to
/// `bound`.
void add_threshold_options(boost::program_options::options_description& options,
                           ThresholdOptions& bound);

/// Checks and converts them (0 means "not set"); throws UsageError naming `command`.
prune::Thresholds parse_thresholds(const ThresholdOptions& options, const std::string& command);

}  // namespace josekic::cli
