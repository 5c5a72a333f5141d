#include "index/pattern_summary.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "index/varint.hpp"

namespace josekic::index {

namespace {

// The ((n + 1) / 2)-th smallest of `moves`, as `lookup --corner` takes the median; 0 for
// none. Reorders them.
std::uint16_t median_of(std::vector<std::uint16_t>& moves) {
    if (moves.empty()) return 0;
    const auto middle = moves.begin() + static_cast<std::ptrdiff_t>((moves.size() + 1) / 2 - 1);
    std::nth_element(moves.begin(), middle, moves.end());
    return *middle;
}

// `moves` gets the move numbers of the occurrences.
SummarySide summarise_side(std::span<const PatternOccurrence> occurrences, YearRuns& years,
                           const dictionary::Eras& eras, std::vector<std::uint16_t>& moves) {
    SummarySide side;
    side.occurrences = static_cast<std::uint32_t>(occurrences.size());
    if (occurrences.empty()) return side;
    std::array<SummaryContinuation, kNextCodes> by_code{};
    std::uint32_t previous_game = kMaxGames;
    for (const PatternOccurrence& o : occurrences) {
        if (o.game != previous_game) {
            ++side.games;
            if (side.recent.size() < kStoredPatternGames)
                side.recent.push_back(SummaryGame{o.game, o.move_number});
            previous_game = o.game;
        }
        moves.push_back(o.move_number);
        SummaryContinuation& c = by_code[o.next];
        ++c.outcomes[o.outcome & 3U];
        const std::int16_t year = years.year_of(o.game);
        if (year == 0) continue;
        dictionary::NodeStats::widen_years(c.first_year, c.last_year, year);
        ++c.per_era[eras.era_of(year)];
    }
    const auto [lowest, highest] = std::minmax_element(moves.begin(), moves.end());
    side.first_move = *lowest;
    side.last_move = *highest;
    side.median_move = median_of(moves);
    for (std::size_t code = 0; code < by_code.size(); ++code) {
        SummaryContinuation& c = by_code[code];
        if (c.outcomes == std::array<std::uint32_t, 4>{}) continue;
        c.code = static_cast<std::uint8_t>(code);
        side.continuations.push_back(c);
    }
    return side;
}

// Distinct games of two lists of occurrences, each by game.
std::uint32_t distinct_games(std::span<const PatternOccurrence> a,
                             std::span<const PatternOccurrence> b) {
    std::uint32_t games = 0;
    std::uint32_t previous = kMaxGames;
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        const bool from_a = j == b.size() || (i < a.size() && a[i].game <= b[j].game);
        const std::uint32_t game = from_a ? a[i++].game : b[j++].game;
        if (game != previous) ++games;
        previous = game;
    }
    return games;
}

// Reads the varints of a summary; every read is checked, a failure remembered.
class SummaryReader {
  public:
    explicit SummaryReader(std::span<const std::byte> bytes) : bytes_(bytes) {}
    template <typename Unsigned = std::uint32_t>
    Unsigned next() {
        const std::optional<Unsigned> value = read_varint<Unsigned>(bytes_, at_);
        if (!value) ok_ = false;
        return value.value_or(0);
    }
    /// A varint that must be at most `limit`.
    std::uint32_t at_most(std::uint32_t limit) {
        const std::uint32_t value = next();
        if (value > limit) ok_ = false;
        return value;
    }
    bool ok() const { return ok_; }
    void fail() { ok_ = false; }
    bool at_end() const { return at_ == bytes_.size(); }

  private:
    std::span<const std::byte> bytes_;
    std::uint64_t at_ = 0;
    bool ok_ = true;
};

constexpr std::uint32_t kMaxMove = std::numeric_limits<std::uint16_t>::max();

bool decode_side(SummaryReader& in, SummarySide& side, std::size_t eras, std::uint32_t game_count) {
    side.occurrences = in.next();
    if (side.occurrences == 0 || !in.ok()) return in.ok();
    side.games = in.at_most(side.occurrences);
    side.first_move = static_cast<std::uint16_t>(in.at_most(kMaxMove));
    side.median_move =
        static_cast<std::uint16_t>(side.first_move + in.at_most(kMaxMove - side.first_move));
    side.last_move =
        static_cast<std::uint16_t>(side.median_move + in.at_most(kMaxMove - side.median_move));
    if (side.games == 0 || side.first_move == 0) return false;
    const std::uint32_t recent = in.at_most(
        static_cast<std::uint32_t>(std::min<std::size_t>(side.games, kStoredPatternGames)));
    std::uint32_t game = 0;
    for (std::uint32_t k = 0; k < recent && in.ok(); ++k) {
        const std::uint32_t step = in.next();
        if ((k != 0 && step == 0) || step >= game_count - game) return false;
        game += step;
        const std::uint32_t move = in.at_most(kMaxMove);
        if (move < side.first_move || move > side.last_move) return false;
        side.recent.push_back(SummaryGame{game, static_cast<std::uint16_t>(move)});
    }
    const std::uint32_t continuations = in.at_most(kNextCodes);
    std::uint64_t total = 0;
    for (std::uint32_t k = 0; k < continuations && in.ok(); ++k) {
        SummaryContinuation c;
        const std::uint32_t code = in.at_most(kNextCodes - 1);
        if (!side.continuations.empty() && code <= side.continuations.back().code) return false;
        c.code = static_cast<std::uint8_t>(code);
        std::uint64_t count = 0;
        for (std::uint32_t& n : c.outcomes) {
            n = in.next();
            count += n;
        }
        c.first_year = static_cast<std::int16_t>(in.at_most(0xFFFF));
        c.last_year = static_cast<std::int16_t>(in.at_most(0xFFFF));
        if (count == 0 || (c.first_year == 0) != (c.last_year == 0) || c.first_year > c.last_year)
            return false;
        std::uint64_t dated = 0;
        for (std::size_t e = 0; e < eras; ++e) dated += c.per_era[e] = in.next();
        if (dated > count || (dated != 0) != (c.first_year != 0)) return false;
        total += count;
        side.continuations.push_back(c);
    }
    return in.ok() && total == side.occurrences;
}

}  // namespace

dictionary::Eras pattern_eras(const YearRuns& years, std::uint32_t games) {
    return dictionary::default_eras(years.games_per_year(games));
}

PatternSummary summarise_pattern(PatternKey black_key, std::span<const PatternOccurrence> black,
                                 std::span<const PatternOccurrence> white, YearRuns& years,
                                 const dictionary::Eras& eras) {
    PatternSummary s;
    s.key = black_key;
    s.eras = eras;
    std::vector<std::uint16_t> moves, white_moves;
    s.sides[0] = summarise_side(black, years, eras, moves);
    s.sides[1] = summarise_side(white, years, eras, white_moves);
    moves.insert(moves.end(), white_moves.begin(), white_moves.end());
    s.median_move = median_of(moves);
    s.games = distinct_games(black, white);
    return s;
}

void encode(const PatternSummary& s, std::vector<std::byte>& out) {
    const std::vector<int>& boundaries = s.eras.boundaries();
    append_varint(out, static_cast<std::uint32_t>(boundaries.size()));
    for (const int year : boundaries) append_varint(out, static_cast<std::uint32_t>(year));
    append_varint(out, s.games);
    append_varint(out, std::uint32_t{s.median_move});
    for (const SummarySide& side : s.sides) {
        append_varint(out, side.occurrences);
        if (side.occurrences == 0) continue;
        append_varint(out, side.games);
        append_varint(out, std::uint32_t{side.first_move});
        append_varint(out, std::uint32_t{side.median_move} - side.first_move);
        append_varint(out, std::uint32_t{side.last_move} - side.median_move);
        append_varint(out, static_cast<std::uint32_t>(side.recent.size()));
        std::uint32_t previous = 0;
        for (const SummaryGame& g : side.recent) {
            append_varint(out, g.game - previous);
            append_varint(out, std::uint32_t{g.move_number});
            previous = g.game;
        }
        append_varint(out, static_cast<std::uint32_t>(side.continuations.size()));
        for (const SummaryContinuation& c : side.continuations) {
            append_varint(out, std::uint32_t{c.code});
            for (const std::uint32_t n : c.outcomes) append_varint(out, n);
            append_varint(out, std::uint32_t{static_cast<std::uint16_t>(c.first_year)});
            append_varint(out, std::uint32_t{static_cast<std::uint16_t>(c.last_year)});
            for (std::size_t e = 0; e < s.eras.count(); ++e) append_varint(out, c.per_era[e]);
        }
    }
}

std::optional<PatternSummary> decode_pattern_summary(std::span<const std::byte> bytes,
                                                     PatternKey key, std::uint32_t game_count) {
    SummaryReader in(bytes);
    PatternSummary s;
    s.key = key;
    const std::uint32_t boundary_count = in.at_most(dictionary::Eras::kMaxEras - 1);
    std::vector<int> boundaries;
    for (std::uint32_t k = 0; k < boundary_count && in.ok(); ++k) {
        const std::uint32_t year = in.at_most(std::numeric_limits<std::int16_t>::max());
        if (!boundaries.empty() && static_cast<int>(year) <= boundaries.back()) return std::nullopt;
        boundaries.push_back(static_cast<int>(year));
    }
    if (!in.ok()) return std::nullopt;
    s.eras = dictionary::Eras(std::move(boundaries));
    s.games = in.next();
    s.median_move = static_cast<std::uint16_t>(in.at_most(kMaxMove));
    for (SummarySide& side : s.sides)
        if (!decode_side(in, side, s.eras.count(), game_count)) return std::nullopt;
    if (!in.ok() || !in.at_end()) return std::nullopt;
    // The two sides together: their games, their median among their move numbers.
    const SummarySide& b = s.sides[0];
    const SummarySide& w = s.sides[1];
    if (s.occurrences() == 0 || s.games < std::max(b.games, w.games) ||
        s.games > std::uint64_t{b.games} + w.games)
        return std::nullopt;
    const std::uint16_t lowest = b.occurrences == 0   ? w.first_move
                                 : w.occurrences == 0 ? b.first_move
                                                      : std::min(b.first_move, w.first_move);
    if (s.median_move < lowest || s.median_move > std::max(b.last_move, w.last_move))
        return std::nullopt;
    return s;
}

void PatternSummaryWriter::add(PatternKey key, std::span<const PatternOccurrence> occurrences) {
    if (key.to_move() == go::Color::Black) {
        if (holding_) summarise(held_key_, held_, {});
        held_.assign(occurrences.begin(), occurrences.end());
        held_key_ = key;
        holding_ = true;
        return;
    }
    const PatternKey black_key = summary_key(key);
    if (holding_ && held_key_ == black_key) {
        summarise(black_key, held_, occurrences);
    } else {
        if (holding_) summarise(held_key_, held_, {});
        summarise(black_key, {}, occurrences);
    }
    holding_ = false;
}

void PatternSummaryWriter::summarise(PatternKey black_key, std::span<const PatternOccurrence> black,
                                     std::span<const PatternOccurrence> white) {
    const std::uint64_t occurrences = black.size() + white.size();
    if (occurrences <= above_) return;
    if (occurrences > std::numeric_limits<std::uint32_t>::max())
        throw std::runtime_error("index: more than 2^32 occurrences of one pattern");
    directory_.push_back(
        PatternSummaryRecord{black_key, bytes_.size(), static_cast<std::uint32_t>(occurrences)});
    encode(summarise_pattern(black_key, black, white, years_, eras_), bytes_);
}

std::vector<PatternSummaryRecord> PatternSummaryWriter::finish() {
    if (holding_) summarise(held_key_, held_, {});
    holding_ = false;
    held_.clear();
    directory_.push_back(PatternSummaryRecord{PatternKey{kPatternSentinel}, bytes_.size(), above_});
    return std::move(directory_);
}

}  // namespace josekic::index
