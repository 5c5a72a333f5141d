#include "core/game/filter_request.hpp"

#include "core/sgf/game_info_text.hpp"

namespace josekic::game {

namespace {

// A rank, or the problem of `kind` with `text`.
std::variant<Rank, FilterProblem> rank_of(const std::string& text, FilterKind kind) {
    if (const std::optional<Rank> rank = parse_rank(text)) return *rank;
    return FilterProblem{
        kind, "takes a rank such as 5k, 1d, 9d or 9p (also 9 dan, P9段, 9단), not '" + text + "'"};
}

}  // namespace

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
    const std::pair<const std::string*, FilterKind> ranks[] = {
        {&request.min_rank, FilterKind::MinRank}, {&request.max_rank, FilterKind::MaxRank}};
    for (const auto& [text, kind] : ranks) {
        if (text->empty()) continue;
        std::variant<Rank, FilterProblem> rank = rank_of(*text, kind);
        if (auto* problem = std::get_if<FilterProblem>(&rank)) return std::move(*problem);
        (kind == FilterKind::MinRank ? filter.min_rank : filter.max_rank) = std::get<Rank>(rank);
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
