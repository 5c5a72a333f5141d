#include "core/dictionary/node_stats.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace josekic::dictionary {

namespace {

[[noreturn, gnu::cold]] void throw_counter_overflow() {
    throw std::overflow_error(
        "more than 4,294,967,295 lines at one dictionary node: josekic counts lines in 32 bits");
}

void increment(NodeStats::Counter& counter) {
    if (counter == std::numeric_limits<NodeStats::Counter>::max()) [[unlikely]]
        throw_counter_overflow();
    ++counter;
}

void add(NodeStats::Counter& counter, NodeStats::Counter more) {
    if (__builtin_add_overflow(counter, more, &counter)) throw_counter_overflow();
}

}  // namespace

std::optional<NodeStats::Year> NodeStats::checked_year(std::optional<int> year) {
    if (!year) return std::nullopt;
    if (*year < std::numeric_limits<Year>::min() || *year > std::numeric_limits<Year>::max()) {
        throw std::out_of_range("year " + std::to_string(*year) +
                                " is outside the 16-bit years of NodeStats");
    }
    return static_cast<Year>(*year);
}

void NodeStats::record(LineOutcome outcome, std::optional<Year> year) {
    increment(count);
    increment(outcome_count(outcome));
    if (year) widen_years(first_year, last_year, *year);
}

void NodeStats::record_end() {
    increment(ends);
}

void NodeStats::absorb(const NodeStats& other) {
    add(count, other.count);
    add(ends, other.ends);
    add(first_player_wins, other.first_player_wins);
    add(second_player_wins, other.second_player_wins);
    add(draws, other.draws);
    add(unknown, other.unknown);
    if (other.first_year != 0 && (first_year == 0 || other.first_year < first_year))
        first_year = other.first_year;
    if (other.last_year != 0 && (last_year == 0 || other.last_year > last_year))
        last_year = other.last_year;
}

}  // namespace josekic::dictionary
