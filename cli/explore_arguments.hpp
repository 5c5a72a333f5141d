#pragma once

#include <optional>
#include <string>
#include <vector>

namespace josekic::cli {

/// The command line of `josekic explore`, read by josekic itself (so that its help and a bad
/// command line need no josekic-explore) and again by josekic-explore, which serves it.
struct ExploreArguments {
    std::string dictionary;
    std::string host = "127.0.0.1";
    int port = 8080;  ///< 0: any free port
    bool open = false;
    std::string cors_origin;              ///< empty: none
    std::vector<std::string> references;  ///< --reference [NAME=]FILE, in order
};

/// Reads `args` (after "explore"); nullopt when --help was asked for and printed. Throws
/// UsageError for a bad command line.
std::optional<ExploreArguments> parse_explore_arguments(const std::vector<std::string>& args);

}  // namespace josekic::cli
