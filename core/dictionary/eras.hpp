#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace josekic::dictionary {

/// Periods of years a dictionary's counts are split into, to show what changed: era 0 holds
/// the years before the first boundary, era i the years from boundary i-1 to the year before
/// boundary i, the last era the years from the last boundary on. Undated games are in no era.
class Eras {
  public:
    /// At most this many eras (so that per-era counts fit fixed arrays).
    static constexpr std::size_t kMaxEras = 8;

    Eras() = default;
    /// `boundaries`: the first year of each era after the first, strictly increasing, at most
    /// kMaxEras - 1 of them. Throws std::invalid_argument otherwise.
    explicit Eras(std::vector<int> boundaries);

    std::size_t count() const { return boundaries_.size() + 1; }
    const std::vector<int>& boundaries() const { return boundaries_; }
    /// The era of a year.
    std::size_t era_of(int year) const;
    /// The era's years as "2013-2016", "2017-2019" or "2017", given the first and last year of
    /// the collection (0 when unknown: the open end is then "before 2017", "2017 on").
    std::string label(std::size_t era, int first_year, int last_year) const;

    friend bool operator==(const Eras&, const Eras&) = default;

  private:
    std::vector<int> boundaries_;
};

/// The year that splits the openings of professional play (AlphaGo's games of 2016 and early
/// 2017; the early 3-3 invasion under a 4-4 stone and changed approaches since).
inline constexpr int kAiEraStart = 2017;

/// The default eras of a collection, from its games per year: one boundary at kAiEraStart when
/// each side of it holds 1,000 dated games or a tenth of them, whichever is fewer; otherwise
/// one boundary at the median year, so that each era holds about half the games; one era when
/// every dated game is of one year (or none is dated).
Eras default_eras(const std::map<int, std::uint64_t>& games_per_year);

/// Reads --eras "2000,2016": boundaries separated by commas. nullopt when it is not a list of
/// at most kMaxEras - 1 strictly increasing years.
std::optional<Eras> parse_eras(const std::string& text);

}  // namespace josekic::dictionary
