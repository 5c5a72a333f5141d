#include "index/pattern_lookup.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <span>
#include <string>
#include <utility>

#include "index/pattern_summary.hpp"

namespace josekic::index {

namespace {

go::Board board_of(const CornerQuery& query, ColourReversal colours) {
    go::Board board;
    for (const go::Move& m : query.stones) {
        const go::Color c = colours == ColourReversal::Either ? go::opponent(m.color) : m.color;
        board.place_setup(c, *m.point);
    }
    return board;
}

// One key a query looks up: the pattern read from the query's stones (colours reversed or
// not) with one player to move, and that player in the query's colours.
struct Variant {
    CornerPattern pattern;
    go::Color to_move_in_query = go::Color::Black;
    bool reversed = false;
};

// The occurrences of one continuation added up, with no call an occurrence (a common pattern
// has a million): NodeStats' counts, made at the end.
class Tally {
  public:
    /// An occurrence of a game of `year` (0 unknown) in era `era` (kNoEra when undated).
    void add(std::uint8_t outcome, std::int16_t year, std::uint8_t era) {
        ++outcomes_[outcome & 3U];
        if (year == 0) return;
        dictionary::NodeStats::widen_years(first_year_, last_year_, year);
        ++per_era_[era];
    }
    static constexpr std::uint8_t kNoEra = dictionary::Eras::kMaxEras;
    /// The occurrences in each era.
    std::span<const std::uint32_t> per_era() const {
        return std::span(per_era_).first(dictionary::Eras::kMaxEras);
    }
    /// The occurrences of a stored summary's continuation (pattern_summary.hpp), counted in
    /// the same eras.
    void add(const SummaryContinuation& c) {
        for (std::size_t k = 0; k < outcomes_.size(); ++k) outcomes_[k] += c.outcomes[k];
        for (const std::int16_t year : {c.first_year, c.last_year})
            if (year != 0) dictionary::NodeStats::widen_years(first_year_, last_year_, year);
        for (std::size_t e = 0; e < c.per_era.size(); ++e) per_era_[e] += c.per_era[e];
    }
    bool empty() const { return outcomes_ == std::array<std::uint32_t, 4>{}; }
    dictionary::NodeStats stats() const {
        dictionary::NodeStats s;
        for (const dictionary::LineOutcome outcome : dictionary::kLineOutcomes) {
            const std::uint32_t n = outcomes_[static_cast<std::size_t>(outcome)];
            s.outcome_count(outcome) = n;
            s.count += n;
        }
        s.first_year = first_year_;
        s.last_year = last_year_;
        return s;
    }

  private:
    std::array<std::uint32_t, 4> outcomes_{};  // by dictionary::LineOutcome
    std::int16_t first_year_ = 0, last_year_ = 0;
    std::array<std::uint32_t, dictionary::Eras::kMaxEras + 1> per_era_{};  // kNoEra unused
};

std::vector<Variant> variants_of(const CornerQuery& query) {
    std::vector<Variant> variants;
    std::vector<go::Color> players;
    if (query.to_move)
        players.push_back(*query.to_move);
    else
        players = {go::Color::Black, go::Color::White};
    std::vector<ColourReversal> reversals{ColourReversal::Exact};
    if (query.colours == ColourReversal::Either) reversals.push_back(ColourReversal::Either);
    for (const ColourReversal reversal : reversals) {
        const go::Board board = board_of(query, reversal);
        const bool reversed = reversal == ColourReversal::Either;
        for (const go::Color player : players) {
            const std::optional<CornerPattern> pattern =
                read_pattern(board, query.corner, reversed ? go::opponent(player) : player);
            // A pattern that is its own colour reversal (up to reflection) gives a key already
            // asked for: its occurrences count once, as given.
            const auto asked = [&](const Variant& v) { return v.pattern.key == pattern->key; };
            if (pattern && std::ranges::none_of(variants, asked))
                variants.push_back(Variant{*pattern, player, reversed});
        }
    }
    return variants;
}

}  // namespace

std::variant<CornerQuery, QueryError> parse_corner_query(std::string_view text,
                                                         std::string_view option) {
    std::variant<ParsedMoves, QueryError> parsed = parse_moves(text, option);
    if (const auto* error = std::get_if<QueryError>(&parsed)) return *error;
    const ParsedMoves& p = std::get<ParsedMoves>(parsed);
    if (p.moves.empty())
        return QueryError{1, "give the stones of one corner, like \"B[pd] W[qc]\""};
    CornerQuery query;
    std::array<bool, go::kNumPoints> taken{};
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
        const go::Move& m = p.moves[i];
        const auto column = static_cast<std::size_t>(std::max(p.columns[i], 1));
        if (m.is_pass()) return QueryError{column, "a corner pattern holds stones, not a tenuki"};
        const std::optional<trackers::Corner> corner = pattern_corner(*m.point);
        if (!corner)
            return QueryError{
                column, go::to_sgf(*m.point) + " lies outside the 7x7 region of every corner"};
        if (i == 0) query.corner = *corner;
        if (*corner != query.corner)
            return QueryError{column, go::to_sgf(*m.point) + " lies in another corner than " +
                                          go::to_sgf(*p.moves.front().point)};
        if (taken[static_cast<std::size_t>(m.point->index())])
            return QueryError{column, go::to_sgf(*m.point) + " is given twice"};
        taken[static_cast<std::size_t>(m.point->index())] = true;
        query.stones.push_back(m);
    }
    return query;
}

std::optional<CornerQuery> game_corner_query(const game::GameRecord& record,
                                             std::size_t legal_moves, std::size_t moves,
                                             trackers::Corner corner) {
    go::Board board;
    for (go::Point p : record.setup_black) board.place_setup(go::Color::Black, p);
    for (go::Point p : record.setup_white) board.place_setup(go::Color::White, p);
    const std::size_t played = std::min({moves, legal_moves, record.moves.size()});
    for (std::size_t i = 0; i < played; ++i) board.play(record.moves[i]);
    // Either player to move: a pattern is recorded after the move that made it, and the
    // corner may have stayed as it was while the players moved elsewhere.
    CornerQuery query;
    query.corner = corner;
    for (int y = 0; y < go::kBoardSize; ++y) {
        for (int x = 0; x < go::kBoardSize; ++x) {
            const go::Point p{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            const go::Stone s = board.at(p);
            if (s == go::Stone::Empty || pattern_corner(p) != corner) continue;
            query.stones.push_back(
                go::Move::at(s == go::Stone::Black ? go::Color::Black : go::Color::White, p));
        }
    }
    if (query.stones.empty()) return std::nullopt;
    return query;
}

namespace {

// A continuation's tallies in the result's table: by (where, player to move in the query's
// colours), where is the point's index in the query's frame, or kNotAPoint + the next-move
// code. (A flat table: a common pattern has a million occurrences, each counted here.)
constexpr int kNotAPoint = go::kNumPoints;
constexpr std::size_t kWheres = kNotAPoint + kNextCodes;

// The tally of each next-move code of the variant `v`: a stored code is in the frame the
// variant was read in (its reflection); each code's tally is found once, not once an
// occurrence.
std::array<Tally*, kNextCodes> tallies_of(const Variant& v, std::vector<Tally>& next) {
    std::array<Tally*, kNextCodes> tally_of{};
    for (int code = 0; code < kNextCodes; ++code) {
        const int where = code < kNextElsewhere
                              ? next_point(v.pattern, static_cast<std::uint8_t>(code)).index()
                              : kNotAPoint + code;
        // The game's end is one row, whoever was to move.
        const bool white = v.to_move_in_query == go::Color::White && code != kNextNone;
        tally_of[static_cast<std::size_t>(code)] =
            &next[static_cast<std::size_t>(where) * 2 + (white ? 1 : 0)];
    }
    return tally_of;
}

// The query answered from every occurrence of its variants (of the games of `selection`, when
// given): the continuations' tallies in `next`, each variant's `games` most recent games in
// `recent`, the games and move numbers in `result`.
void scan_occurrences(const IndexFile& index, std::span<const Variant> variants, std::size_t games,
                      const GameSelection* selection, YearRuns& years, PatternLookupResult& result,
                      std::vector<Tally>& next,
                      std::vector<std::pair<std::uint32_t, std::uint32_t>>& recent) {
    // Move numbers are 16-bit: a histogram gives the median without holding them.
    std::vector<std::uint32_t> by_move(std::size_t{1} << 16, 0);
    // The games seen, one bit each.
    std::vector<std::uint64_t> game_seen((std::size_t{index.game_count()} + 63) / 64, 0);
    // The year and era of each run of games.
    std::vector<std::pair<std::int16_t, std::uint8_t>> run_year;
    for (const YearRunRecord& run : years.runs())
        run_year.emplace_back(
            run.year, run.year == 0 ? Tally::kNoEra
                                    : static_cast<std::uint8_t>(result.eras.era_of(run.year)));
    if (run_year.empty()) run_year.emplace_back(0, Tally::kNoEra);
    std::uint64_t count = 0;
    for (const Variant& v : variants) {
        const std::array<Tally*, kNextCodes> tally_of = tallies_of(v, next);
        const IndexFile::PatternSpan span = index.pattern_occurrences(v.pattern.key);
        std::size_t recent_here = 0;
        std::uint32_t previous_game = kMaxGames;
        index.for_each_occurrence(span, [&](const PatternOccurrence& o) {
            const auto [year, era] = run_year[years.run_of(o.game)];
            if (selection != nullptr &&
                !selection->contains(LineRecord{o.game, 0, year, o.outcome}))
                return;
            tally_of[o.next]->add(o.outcome, year, era);
            if (v.reversed) ++result.colour_reversed;
            ++by_move[o.move_number];
            ++count;
            if (o.game != previous_game) {
                std::uint64_t& bits = game_seen[o.game / 64];
                const std::uint64_t bit = std::uint64_t{1} << (o.game % 64);
                if ((bits & bit) == 0) ++result.games;
                bits |= bit;
                if (recent_here < games) {
                    recent.emplace_back(o.game, o.move_number);
                    ++recent_here;
                }
                previous_game = o.game;
            }
        });
    }
    if (count != 0) {
        std::uint64_t seen = 0;
        bool first_found = false;
        const std::uint64_t middle = (std::uint64_t{count} + 1) / 2;
        for (std::uint32_t move = 0; move < by_move.size(); ++move) {
            if (by_move[move] == 0) continue;
            if (!first_found) result.first_move = move;
            first_found = true;
            if (seen < middle && seen + by_move[move] >= middle) result.median_move = move;
            seen += by_move[move];
            result.last_move = move;
        }
    }
}

// The stored summary that answers the query, if one can: every game counted (no selection),
// the colours as given (the variants are one stone pattern, one or both players to move), no
// more recent games than it names, and the eras of the query.
std::optional<PatternSummary> summary_for(const IndexFile& index, const CornerQuery& query,
                                          std::span<const Variant> variants, std::size_t games,
                                          const GameSelection* selection,
                                          const dictionary::Eras& eras) {
    if (selection != nullptr || query.colours != ColourReversal::Exact || variants.empty() ||
        games > kStoredPatternGames)
        return std::nullopt;
    std::optional<PatternSummary> summary = index.pattern_summary(variants.front().pattern.key);
    if (!summary || summary->eras != eras) return std::nullopt;
    return summary;
}

}  // namespace

PatternLookupResult lookup_pattern(const IndexFile& index, const CornerQuery& query,
                                   std::size_t games, const GameSelection* selection) {
    if (!index.has_patterns())
        throw IndexError(index.path() +
                         ": the index holds no corner patterns; compile with --patterns");
    PatternLookupResult result;
    result.query = query;
    std::vector<Tally> next(kWheres * 2);
    // Each game's first occurrence, of the `games` most recent games of each variant.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> recent;
    YearRuns years = index.year_runs();
    const std::map<int, std::uint64_t> per_year = years.games_per_year(index.game_count());
    result.eras = pattern_eras(years, index.game_count());
    if (!per_year.empty()) {
        result.first_year = per_year.begin()->first;
        result.last_year = per_year.rbegin()->first;
    }
    const std::vector<Variant> variants = variants_of(query);
    if (const std::optional<PatternSummary> summary =
            summary_for(index, query, variants, games, selection, result.eras)) {
        // The variants are one or both players to move of the summary's stones: the games and
        // move numbers of that side, or of both together.
        for (const Variant& v : variants) {
            const SummarySide& side = summary->side(v.pattern.key.to_move());
            const std::array<Tally*, kNextCodes> tally_of = tallies_of(v, next);
            for (const SummaryContinuation& c : side.continuations) tally_of[c.code]->add(c);
            for (std::size_t k = 0; k < std::min(games, side.recent.size()); ++k)
                recent.emplace_back(side.recent[k].game, side.recent[k].move_number);
        }
        if (variants.size() == 1) {
            const SummarySide& side = summary->side(variants.front().pattern.key.to_move());
            result.games = side.games;
            result.first_move = side.first_move;
            result.median_move = side.median_move;
            result.last_move = side.last_move;
        } else {
            result.games = summary->games;
            result.median_move = summary->median_move;
            for (const SummarySide& side : summary->sides) {
                if (side.occurrences == 0) continue;
                if (result.first_move == 0 || side.first_move < result.first_move)
                    result.first_move = side.first_move;
                result.last_move = std::max<std::uint32_t>(result.last_move, side.last_move);
            }
        }
    } else {
        scan_occurrences(index, variants, games, selection, years, result, next, recent);
    }
    for (std::size_t at = 0; at < next.size(); ++at) {
        if (next[at].empty()) continue;
        const auto where = static_cast<int>(at / 2);
        const go::Color colour = at % 2 == 0 ? go::Color::Black : go::Color::White;
        PatternContinuation c;
        c.stats = next[at].stats();
        const std::span<const std::uint32_t> per_era = next[at].per_era();
        for (std::size_t e = 0; e < per_era.size(); ++e) {
            c.per_era[e] = per_era[e];
            result.per_era[e] += per_era[e];
        }
        if (where < kNotAPoint) {
            c.move = go::Move::at(colour, go::Point::from_index(where));
            c.next = 0;
        } else {
            c.next = static_cast<std::uint8_t>(where - kNotAPoint);
        }
        if (c.next != kNextNone) c.player = colour;
        result.stats.absorb(c.stats);
        result.continuations.push_back(c);
    }
    std::stable_sort(result.continuations.begin(), result.continuations.end(),
                     [](const PatternContinuation& a, const PatternContinuation& b) {
                         return a.stats.count > b.stats.count;
                     });
    std::sort(recent.begin(), recent.end());
    recent.erase(std::unique(recent.begin(), recent.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
                 recent.end());
    if (recent.size() > games) recent.resize(games);
    for (const auto& [game, move] : recent)
        result.recent.push_back(PatternGame{index.game(game), move, game});
    return result;
}

}  // namespace josekic::index
