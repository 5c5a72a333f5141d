#include "cli/filter_options.hpp"

#include "cli/options.hpp"
#include "core/game/filter_request.hpp"
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

std::string option_name(game::FilterKind kind) {
    return "--" + std::string(game::filter_option_name(kind));
}

}  // namespace

game::GameFilter parse_filter(const FilterOptions& options, const std::string& command) {
    game::FilterRequest request;
    if (options.since) request.since = *options.since;
    if (options.until) request.until = *options.until;
    request.min_rank = options.min_rank;
    request.max_rank = options.max_rank;
    request.players = options.players;
    if (options.event) request.event = *options.event;
    std::variant<game::GameFilter, game::FilterProblem> made =
        game::make_filter(request, option_name);
    if (const auto* problem = std::get_if<game::FilterProblem>(&made))
        throw UsageError(command, option_name(problem->kind) + " " + problem->what);
    return std::get<game::GameFilter>(std::move(made));
}

}  // namespace josekic::cli
