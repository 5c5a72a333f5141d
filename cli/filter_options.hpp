#pragma once

#include <boost/optional.hpp>
#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "core/game/game_filter.hpp"

namespace josekic::cli {

/// The game filters as typed, shared by `compile`, `check` and `lookup`.
struct FilterOptions {
    boost::optional<int> since;
    boost::optional<int> until;
    std::string min_rank;
    std::string max_rank;
    std::vector<std::string> players;
    boost::optional<std::string> event;
};

/// Adds --since, --until, --min-rank, --max-rank, --player and --event, bound to `bound`.
void add_filter_options(boost::program_options::options_description& options, FilterOptions& bound);

/// Checks and converts them (game::make_filter, the explorer's checks too): a filter it
/// refuses throws UsageError naming `command` and the option.
game::GameFilter parse_filter(const FilterOptions& options, const std::string& command);

}  // namespace josekic::cli
