#include "core/game/filter_request.hpp"

#include <tuple>

#include "core/sgf/game_info_text.hpp"

namespace josekic::game {

std::variant<GameFilter, FilterProblem> make_filter(const FilterRequest& request,
                                                    FilterNames name) {
    GameFilter filter;
    filter.since = request.since;
    filter.until = request.until;
    if (filter.since && filter.until && *filter.since > *filter.until) {
        return FilterProblem{FilterKind::Since, std::to_string(*filter.since) + " is after " +
                                                    name(FilterKind::Until) + " " +
                                                    std::to_string(*filter.until) +
                                                    ": no game can pass"};
    }
    const std::tuple<const std::string&, FilterKind, std::optional<Rank>&> ranks[] = {
        {request.min_rank, FilterKind::MinRank, filter.min_rank},
        {request.max_rank, FilterKind::MaxRank, filter.max_rank}};
    for (const auto& [text, kind, rank] : ranks) {
        if (text.empty()) continue;
        rank = parse_rank(text);
        if (!rank) {
            return FilterProblem{
                kind, "takes a rank such as 5k, 1d, 9d or 9p (also 9 dan, P9段, 9단), not '" +
                          text + "'"};
        }
    }
    if (filter.min_rank && filter.max_rank && *filter.min_rank > *filter.max_rank) {
        return FilterProblem{FilterKind::MinRank,
                             to_text(*filter.min_rank) + " is above " + name(FilterKind::MaxRank) +
                                 " " + to_text(*filter.max_rank) + ": no game can pass"};
    }
    for (const std::string& player : request.players) {
        if (sgf::trimmed(player).empty()) return FilterProblem{FilterKind::Player, "takes a name"};
        filter.players.emplace_back(sgf::trimmed(player));
    }
    if (request.event) {
        if (request.event->empty()) return FilterProblem{FilterKind::Event, "takes some text"};
        filter.event = *request.event;
    }
    return filter;
}

}  // namespace josekic::game
