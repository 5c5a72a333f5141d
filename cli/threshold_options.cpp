#include "cli/threshold_options.hpp"

#include "cli/options.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

void add_threshold_options(po::options_description& options, ThresholdOptions& bound) {
    options.add_options()("min-count", po::value(&bound.min_count)->value_name("N"),
                          "leave out lines seen fewer than N times")(
        "min-share", po::value(&bound.min_share)->value_name("F"),
        "leave out moves played in less than F of their parent's games (0.05 or 5%)")(
        "max-depth", po::value(&bound.max_depth)->value_name("D"), "leave out moves deeper than D")(
        "max-children", po::value(&bound.max_children)->value_name("K"),
        "keep only the K most frequent continuations of each node")(
        "min-players", po::value(&bound.min_players)->value_name("N"),
        "leave out moves that fewer than N distinct players chose (names as written; a game "
        "without a name counts as a player of its own)");
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
    return thresholds;
}

}  // namespace josekic::cli
