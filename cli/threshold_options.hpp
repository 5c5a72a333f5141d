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
    std::uint64_t max_nodes = 0;  ///< 0: not given (the viewer budget's)
    std::string max_bytes;        ///< empty: not given (the viewer budget's)
    bool full = false;            ///< --full: no budget
};

/// Adds --min-count, --min-share, --max-depth, --max-children, --min-players and the budget
/// (--max-nodes, --max-bytes, --full), bound to `bound`.
void add_threshold_options(boost::program_options::options_description& options,
                           ThresholdOptions& bound);

/// Checks and converts them (0 means "not set"; the budget is the viewer's unless --full or
/// given); throws UsageError naming `command`.
prune::Thresholds parse_thresholds(const ThresholdOptions& options, const std::string& command);

}  // namespace josekic::cli
