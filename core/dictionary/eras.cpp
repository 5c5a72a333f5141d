#include "core/dictionary/eras.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace josekic::dictionary {

Eras::Eras(std::vector<int> boundaries) : boundaries_(std::move(boundaries)) {
    if (boundaries_.size() + 1 > kMaxEras)
        throw std::invalid_argument("at most " + std::to_string(kMaxEras) + " eras");
    for (std::size_t i = 1; i < boundaries_.size(); ++i) {
        if (boundaries_[i] <= boundaries_[i - 1])
            throw std::invalid_argument("era boundaries must increase");
    }
}

std::size_t Eras::era_of(int year) const {
    return static_cast<std::size_t>(std::upper_bound(boundaries_.begin(), boundaries_.end(), year) -
                                    boundaries_.begin());
}

std::string Eras::label(std::size_t era, int first_year, int last_year) const {
    const bool has_start = era > 0 || first_year != 0;
    const bool has_end = era + 1 < count() || last_year != 0;
    int start = era > 0 ? boundaries_[era - 1] : first_year;
    int end = era + 1 < count() ? boundaries_[era] - 1 : last_year;
    if (first_year != 0) start = std::max(start, first_year);
    if (last_year != 0) end = std::min(end, last_year);
    if (!has_start && !has_end) return "all years";
    if (!has_start) return "before " + std::to_string(end + 1);
    if (!has_end) return std::to_string(start) + " on";
    if (start == end) return std::to_string(start);
    return std::to_string(start) + "-" + std::to_string(end);
}

namespace {
// Games on each side of kAiEraStart that make the AI change the default boundary: enough for
// the frequent lines' shares to be measured to a few points.
constexpr std::uint64_t kEnoughGamesPerEra = 1000;
}  // namespace

Eras default_eras(const std::map<int, std::uint64_t>& games_per_year) {
    std::uint64_t total = 0;
    std::uint64_t before_ai = 0;
    for (const auto& [year, games] : games_per_year) {
        total += games;
        if (year < kAiEraStart) before_ai += games;
    }
    if (games_per_year.size() < 2) return Eras();
    const std::uint64_t enough = std::min<std::uint64_t>(kEnoughGamesPerEra, total / 10);
    if (before_ai >= std::max<std::uint64_t>(enough, 1) &&
        total - before_ai >= std::max<std::uint64_t>(enough, 1))
        return Eras({kAiEraStart});
    // The first year from which at least half the games are played, after the first year.
    std::uint64_t seen = 0;
    for (const auto& [year, games] : games_per_year) {
        if (seen * 2 >= total && year != games_per_year.begin()->first) return Eras({year});
        seen += games;
    }
    return Eras({games_per_year.rbegin()->first});
}

std::optional<Eras> parse_eras(const std::string& text) {
    std::vector<int> years;
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view field = rest.substr(0, comma);
        int year = 0;
        const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), year);
        if (error != std::errc{} || end != field.data() + field.size() || field.empty())
            return std::nullopt;
        if (!years.empty() && year <= years.back()) return std::nullopt;
        years.push_back(year);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
        if (rest.empty()) return std::nullopt;
    }
    if (years.empty() || years.size() + 1 > Eras::kMaxEras) return std::nullopt;
    return Eras(std::move(years));
}

}  // namespace josekic::dictionary
