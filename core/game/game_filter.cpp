#include "core/game/game_filter.hpp"

#include <algorithm>

namespace josekic::game {

FilterFacts FilterFacts::of(const GameInfo& info) {
    return FilterFacts{info.black_player, info.white_player, info.black_rank,
                       info.white_rank,   info.event,        info.year};
}

namespace {

constexpr char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The length of the separator at the start of `text`, 0 when there is none.
std::size_t separator_at(std::string_view text) {
    constexpr std::string_view kIdeographicSpace = "\u3000";
    if (text.starts_with(kIdeographicSpace)) return kIdeographicSpace.size();
    const char c = text.front();
    const bool separator = c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' ||
                           c == '.' || c == '-' || c == '_';
    return separator ? 1 : 0;
}

}  // namespace

PlayerName::PlayerName(std::string_view name) : written_(name) {
    std::string word;
    std::size_t i = 0;
    while (i <= name.size()) {
        const std::size_t separator = i < name.size() ? separator_at(name.substr(i)) : 1;
        if (separator == 0) {
            word += lower(name[i]);
            ++i;
            continue;
        }
        if (!word.empty()) {
            joined_ += word;
            words_.push_back(std::move(word));
            word.clear();
        }
        i += separator;
    }
    std::sort(words_.begin(), words_.end());
}

bool PlayerName::matches(const PlayerName& other) const {
    if (joined_.empty()) return false;
    if (joined_ == other.joined_) return true;
    return words_.size() >= 2 && words_ == other.words_;
}

bool GameFilter::empty() const {
    for (std::size_t k = 0; k < kFilterKindCount; ++k) {
        if (has(static_cast<FilterKind>(k))) return false;
    }
    return true;
}

bool GameFilter::has(FilterKind kind) const {
    switch (kind) {
        case FilterKind::Since:
            return since.has_value();
        case FilterKind::Until:
            return until.has_value();
        case FilterKind::MinRank:
            return min_rank.has_value();
        case FilterKind::MaxRank:
            return max_rank.has_value();
        case FilterKind::Player:
            return !players.empty();
        case FilterKind::Event:
            return event.has_value();
    }
    return false;
}

namespace {

// A value as a shell user would type it: quoted when it holds a space or a quote.
std::string shell_word(std::string_view text) {
    if (!text.empty() && text.find_first_of(" \t\"'\\$`") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\' || c == '$' || c == '`') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string GameFilter::option_text(FilterKind kind) const {
    const std::string option = "--" + std::string(filter_option_name(kind)) + " ";
    switch (kind) {
        case FilterKind::Since:
            return since ? option + std::to_string(*since) : "";
        case FilterKind::Until:
            return until ? option + std::to_string(*until) : "";
        case FilterKind::MinRank:
            return min_rank ? option + to_text(*min_rank) : "";
        case FilterKind::MaxRank:
            return max_rank ? option + to_text(*max_rank) : "";
        case FilterKind::Player: {
            std::string out;
            for (const PlayerName& p : players)
                out += (out.empty() ? "" : " ") + option + shell_word(p.as_written());
            return out;
        }
        case FilterKind::Event:
            return event ? option + shell_word(*event) : "";
    }
    return "";
}

std::string GameFilter::describe() const {
    std::string out;
    for (std::size_t k = 0; k < kFilterKindCount; ++k) {
        const std::string option = option_text(static_cast<FilterKind>(k));
        if (!option.empty()) out += (out.empty() ? "" : " ") + option;
    }
    return out;
}

bool FilterVerdict::passes() const {
    return std::none_of(misses.begin(), misses.end(),
                        [](const std::optional<FilterMiss>& m) { return m.has_value(); });
}

namespace {

enum class Bound { AtLeast, AtMost };

std::optional<FilterMiss> check_rank(const FilterFacts& facts, const Rank& limit, Bound bound) {
    const std::optional<Rank> black = parse_rank(facts.black_rank);
    const std::optional<Rank> white = parse_rank(facts.white_rank);
    if (!black || !white) return FilterMiss::Missing;
    const auto inside = [&](const Rank& r) {
        return bound == Bound::AtLeast ? r >= limit : r <= limit;
    };
    if (!inside(*black) || !inside(*white)) return FilterMiss::Outside;
    return std::nullopt;
}

bool contains_ignoring_case(std::string_view text, std::string_view part) {
    if (part.empty()) return true;
    const auto it = std::search(text.begin(), text.end(), part.begin(), part.end(),
                                [](char a, char b) { return lower(a) == lower(b); });
    return it != text.end();
}

}  // namespace

FilterVerdict check(const GameFilter& filter, const FilterFacts& facts) {
    FilterVerdict v;
    const auto set = [&v](FilterKind kind, std::optional<FilterMiss> miss) {
        v.misses[static_cast<std::size_t>(kind)] = miss;
    };
    if (filter.since) {
        if (!facts.year)
            set(FilterKind::Since, FilterMiss::Missing);
        else if (*facts.year < *filter.since)
            set(FilterKind::Since, FilterMiss::Outside);
    }
    if (filter.until) {
        if (!facts.year)
            set(FilterKind::Until, FilterMiss::Missing);
        else if (*facts.year > *filter.until)
            set(FilterKind::Until, FilterMiss::Outside);
    }
    if (filter.min_rank)
        set(FilterKind::MinRank, check_rank(facts, *filter.min_rank, Bound::AtLeast));
    if (filter.max_rank)
        set(FilterKind::MaxRank, check_rank(facts, *filter.max_rank, Bound::AtMost));
    if (!filter.players.empty()) {
        const PlayerName black(facts.black_player);
        const PlayerName white(facts.white_player);
        const bool chosen =
            std::any_of(filter.players.begin(), filter.players.end(),
                        [&](const PlayerName& p) { return p.matches(black) || p.matches(white); });
        if (!chosen) {
            const bool nameless = black.as_written().empty() && white.as_written().empty();
            set(FilterKind::Player, nameless ? FilterMiss::Missing : FilterMiss::Outside);
        }
    }
    if (filter.event) {
        if (facts.event.empty())
            set(FilterKind::Event, FilterMiss::Missing);
        else if (!contains_ignoring_case(facts.event, *filter.event))
            set(FilterKind::Event, FilterMiss::Outside);
    }
    return v;
}

void FilterCounts::add(const FilterVerdict& verdict) {
    ++games_removed;
    for (std::size_t k = 0; k < kFilterKindCount; ++k) {
        if (verdict.misses[k]) ++failed[k][static_cast<std::size_t>(*verdict.misses[k])];
    }
}

std::array<std::string_view, 2> miss_words(FilterKind kind) {
    switch (kind) {
        case FilterKind::Since:
            return {"older", "undated"};
        case FilterKind::Until:
            return {"newer", "undated"};
        case FilterKind::MinRank:
            return {"weaker", "without a readable rank"};
        case FilterKind::MaxRank:
            return {"stronger", "without a readable rank"};
        case FilterKind::Player:
            return {"other players", "without names"};
        case FilterKind::Event:
            return {"other events", "without an event"};
    }
    return {"", ""};
}

}  // namespace josekic::game
