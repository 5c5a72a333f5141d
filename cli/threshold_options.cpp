#include "cli/threshold_options.hpp"

#include "cli/options.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

void add_threshold_options(po::options_description& options, ThresholdOptions& bound) {
    options.add_options()(
        "min-count",
        number_value(&bound.min_count, std::uint64_t{0}, kMaxCountOption)->value_name("N"),
        "leave out lines seen fewer than N times")(
        "min-share", po::value(&bound.min_share)->value_name("F"),
        "leave out moves played in less than F of their parent's games (0.05 or 5%)")(
        "max-depth",
        number_value(&bound.max_depth, std::size_t{0}, kMaxMovesOption)->value_name("D"),
        "leave out moves deeper than D")(
        "max-children",
        number_value(&bound.max_children, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("K"),
        "keep only the K most frequent continuations of each node")(
        "min-players",
        number_value(&bound.min_players, std::uint64_t{0}, kMaxCountOption)->value_name("N"),
        "leave out moves that fewer than N distinct players chose (names as written; a game "
        "without a name counts as a player of its own)")(
        "max-nodes",
        number_value(&bound.max_nodes, std::uint64_t{0}, kMaxCountOption)->value_name("N"),
        "the most SGF nodes one written file may hold (default 50000): when a dictionary has "
        "more, the rarest lines are left out, as by the smallest --min-count that fits")(
        "max-bytes", po::value(&bound.max_bytes)->value_name("SIZE"),
        "the most bytes one written file may hold (default 10MB; 500k, 2MB, 1G, 64KiB or plain "
        "bytes), met the same way")(
        "full", po::bool_switch(&bound.full),
        "write every line, however large the files (no --max-nodes or --max-bytes)");
}

prune::Thresholds parse_thresholds(const ThresholdOptions& options, const std::string& command) {
    prune::Thresholds thresholds;
    if (options.min_count > 0) thresholds.min_count = options.min_count;
    if (!options.min_share.empty()) {
        thresholds.min_share = prune::parse_share(options.min_share);
        if (!thresholds.min_share) {
            throw UsageError(command,
                             "--min-share takes a fraction (0.05) or a percentage (5%), not '" +
                                 options.min_share + "'");
        }
    }
    if (options.max_depth > 0) thresholds.max_depth = options.max_depth;
    if (options.max_children > 0) thresholds.max_children = options.max_children;
    if (options.min_players > 0) thresholds.min_players = options.min_players;
    if (options.full) {
        if (options.max_nodes > 0 || !options.max_bytes.empty())
            throw UsageError(command,
                             "--full writes everything: give it without --max-nodes "
                             "and --max-bytes");
        return thresholds;
    }
    thresholds.budget = prune::Budget::viewer();
    if (options.max_nodes > 0) thresholds.budget.max_nodes = options.max_nodes;
    if (!options.max_bytes.empty()) {
        thresholds.budget.max_bytes = prune::parse_size(options.max_bytes);
        if (!thresholds.budget.max_bytes) {
            throw UsageError(command,
                             "--max-bytes takes a size such as 10MB, 500k, 1G or 2000000, not '" +
                                 options.max_bytes + "'");
        }
    }
    return thresholds;
}

}  // namespace josekic::cli
