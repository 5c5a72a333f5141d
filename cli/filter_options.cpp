#include "cli/filter_options.hpp"

#include "cli/options.hpp"
#include "core/sgf/game_info_text.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

void add_filter_options(po::options_description& options, FilterOptions& bound) {
    options.add_options()(
        "since",
        number_value(&bound.since, sgf::kFirstPlausibleYear, sgf::kLastPlausibleYear)
            ->value_name("YEAR"),
        "only games of YEAR or later (by DT; undated games are left out)")(
        "until",
        number_value(&bound.until, sgf::kFirstPlausibleYear, sgf::kLastPlausibleYear)
            ->value_name("YEAR"),
        "only games of YEAR or earlier (by DT; undated games are left out)")(
        "min-rank", po::value(&bound.min_rank)->value_name("R"),
        "only games whose two players are both ranked R or stronger (5k, 9d, 9p; a "
        "professional is above every amateur; unranked games are left out)")(
        "max-rank", po::value(&bound.max_rank)->value_name("R"),
        "only games whose two players are both ranked R or weaker")(
        "player", po::value(&bound.players)->value_name("NAME")->composing(),
        "only games NAME played, with either colour (repeatable: any of them; case, spaces "
        "and a comma-inverted order do not matter)")(
        "event", po::value(&bound.event)->value_name("TEXT"),
        "only games whose event (EV, with RO) contains TEXT, ignoring case");
}

namespace {

game::Rank checked_rank(const std::string& text, const std::string& option,
                        const std::string& command) {
    const std::optional<game::Rank> rank = game::parse_rank(text);
    if (!rank) {
        throw UsageError(command, option +
                                      " takes a rank such as 5k, 1d, 9d or 9p (also 9 dan, "
                                      "P9段, 9단), not '" +
                                      text + "'");
    }
    return *rank;
}

}  // namespace

game::GameFilter parse_filter(const FilterOptions& options, const std::string& command) {
    game::GameFilter filter;
    if (options.since) filter.since = *options.since;
    if (options.until) filter.until = *options.until;
    if (filter.since && filter.until && *filter.since > *filter.until) {
        throw UsageError(command, "--since " + std::to_string(*filter.since) +
                                      " is after --until " + std::to_string(*filter.until) +
                                      ": no game can pass");
    }
    if (!options.min_rank.empty())
        filter.min_rank = checked_rank(options.min_rank, "--min-rank", command);
    if (!options.max_rank.empty())
        filter.max_rank = checked_rank(options.max_rank, "--max-rank", command);
    if (filter.min_rank && filter.max_rank && *filter.min_rank > *filter.max_rank) {
        throw UsageError(command, "--min-rank " + game::to_text(*filter.min_rank) +
                                      " is above --max-rank " + game::to_text(*filter.max_rank) +
                                      ": no game can pass");
    }
    for (const std::string& name : options.players) {
        if (sgf::trimmed(name).empty()) throw UsageError(command, "--player takes a name");
        filter.players.emplace_back(sgf::trimmed(name));
    }
    if (options.event) {
        if (options.event->empty()) throw UsageError(command, "--event takes some text");
        filter.event = *options.event;
    }
    return filter;
}

}  // namespace josekic::cli
