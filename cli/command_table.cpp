#include "cli/command_table.hpp"

#include <algorithm>

#include "cli/check_command.hpp"
#include "cli/compile_command.hpp"
#include "cli/edit_distance.hpp"
#include "cli/explore_launcher.hpp"
#include "cli/lookup_command.hpp"
#include "cli/merge_command.hpp"
#include "cli/prune_command.hpp"
#include "cli/review_command.hpp"
#include "cli/zones_command.hpp"

namespace josekic::cli {

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"compile", "build the joseki and fuseki dictionaries of a game collection", run_compile},
        {"merge", "combine compiled dictionaries into the one a compile of all their games gives",
         run_merge},
        {"check", "read and replay every game, then print a report of what was read and skipped",
         run_check},
        {"prune", "remove lines from a compiled dictionary with prune lists and thresholds",
         run_prune},
        {"lookup", "look a corner sequence or an opening up in a compiled dictionary's index",
         run_lookup},
        {"review", "where a game left the book of a compiled dictionary, and what the book plays",
         run_review},
        {"explore", "serve a web page and a JSON API to explore a compiled dictionary on a board",
         exec_explore},
        {"zones", "show the corner zones and exclusion rings on the board", run_zones},
    };
    return table;
}

const Command* find_command(std::string_view name) {
    for (const Command& c : commands()) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

std::optional<std::string_view> suggest_command(std::string_view name) {
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    std::optional<std::string_view> best;
    std::size_t best_distance = limit + 1;
    for (const Command& c : commands()) {
        const std::size_t d = edit_distance(name, c.name);
        if (d < best_distance) {
            best = c.name;
            best_distance = d;
        }
    }
    return best;
}

}  // namespace josekic::cli
