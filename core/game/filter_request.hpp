#pragma once

// The filters as a user asks for them, checked in one place for the command line (`compile`,
// `check`, `lookup`: cli/filter_options.hpp) and the explorer's API (explorer/api.cpp), so
// that both take and refuse the same filters with the same words.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/game/game_filter.hpp"

namespace josekic::game {

/// The filters as typed: years already read as numbers (each interface reads and
/// range-checks its own), ranks, names and event as text. An interface where an empty field
/// means "not set" (a web form) leaves it out.
struct FilterRequest {
    std::optional<int> since;
    std::optional<int> until;
    std::string min_rank;  ///< empty: not set
    std::string max_rank;  ///< empty: not set
    std::vector<std::string> players;
    std::optional<std::string> event;
};

/// Why a request makes no filter: the filter at fault, and what is wrong with it in words
/// that follow the filter's name ("takes a rank such as 5k, ...", "2019 is after --until
/// 2015: no game can pass").
struct FilterProblem {
    FilterKind kind;
    std::string what;
};

/// How an interface names a filter: "--min-rank" on the command line, "min_rank" in the API.
using FilterNames = std::string (*)(FilterKind);

/// The filter `request` asks for, or its first problem: a rank parse_rank does not read,
/// --since after --until, --min-rank above --max-rank, a blank name or an empty event. `name`
/// names the other filter of a problem about two.
std::variant<GameFilter, FilterProblem> make_filter(const FilterRequest& request, FilterNames name);

}  // namespace josekic::game
