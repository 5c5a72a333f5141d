#include "index/game_selection.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace josekic::index {

namespace {

// The filters that read one field of a game each, so that each distinct text is decided
// once by game::check itself (the same check as compile's) and a game's verdict is theirs
// combined: a game passes `filter` exactly when it passes each part.
struct FilterParts {
    game::GameFilter years, ranks, players, event;

    explicit FilterParts(const game::GameFilter& filter) {
        years.since = filter.since;
        years.until = filter.until;
        ranks.min_rank = filter.min_rank;
        ranks.max_rank = filter.max_rank;
        players.players = filter.players;
        event.event = filter.event;
    }
};

// What each text of the pool says, one byte per byte of the pool (a text is known by its
// offset): for each field that reads texts, whether it was decided and whether it passes.
class TextVerdicts {
  public:
    enum Field : std::uint8_t { Rank = 0, Player = 2, Event = 4 };

    TextVerdicts(const IndexFile& index, const FilterParts& parts)
        : index_(index), parts_(parts), pool_(index.string_pool()), verdicts_(pool_.size()) {}

    // Whether the text at `offset`, read as `field`, passes that field's filter.
    bool passes(Field field, std::uint32_t offset) {
        if (offset < verdicts_.size()) {
            const std::uint8_t v = verdicts_[offset];
            if ((v & (1U << field)) != 0) return (v & (2U << field)) != 0;
        }
        return decide_once(field, offset);
    }

  private:
    // passes() for a text not decided yet (or an offset outside the pool: IndexError).
    bool decide_once(Field field, std::uint32_t offset) {
        const bool passing = decide(field, index_.string_in(pool_, offset));
        verdicts_[offset] |= static_cast<std::uint8_t>((1U | (passing ? 2U : 0U)) << field);
        return passing;
    }

    bool decide(Field field, std::string_view text) const {
        game::FilterFacts facts;
        switch (field) {
            case Rank:  // a rank passes when both players of a game with it twice would
                facts.black_rank = facts.white_rank = text;
                return game::check(parts_.ranks, facts).passes();
            case Player:  // a name passes when a game of it against itself would
                facts.black_player = facts.white_player = text;
                return game::check(parts_.players, facts).passes();
            case Event:
                facts.event = text;
                return game::check(parts_.event, facts).passes();
        }
        return false;
    }

    const IndexFile& index_;
    const FilterParts& parts_;
    std::vector<std::byte> pool_;
    std::vector<std::uint8_t> verdicts_;
};

}  // namespace

GameSelection::GameSelection(const IndexFile& index, game::GameFilter filter)
    : index_(&index),
      filter_(std::move(filter)),
      game_count_(index.game_count()),
      years_only_(!filter_.has(game::FilterKind::MinRank) &&
                  !filter_.has(game::FilterKind::MaxRank) &&
                  !filter_.has(game::FilterKind::Player) && !filter_.has(game::FilterKind::Event)),
      years_(kDecidedYears),
      memory_(std::make_unique<Memory>()) {
    const FilterParts parts(filter_);
    // Every year a date can give (0: undated), decided once; others as they come.
    for (std::uint32_t y = 0; y < years_.size(); ++y)
        years_[y] = decide_year(static_cast<std::int16_t>(y));
    // Decided once here: every query asks it, at every node it counts.
    no_year_passes_ = std::find(years_.begin(), years_.end(), true) == years_.end();
    // Lines carry their game's year: a filter of years alone needs no game table until a
    // game id is asked (bits()).
    if (!years_only_) make_bits();
}

bool GameSelection::decide_year(std::int16_t year) const {
    game::FilterFacts facts;
    if (year != 0) facts.year = year;
    return game::check(FilterParts(filter_).years, facts).passes();
}

void GameSelection::make_bits() const {
    const FilterParts parts(filter_);
    const bool years = !parts.years.empty();
    const bool ranks = !parts.ranks.empty();
    const bool players = !parts.players.empty();
    const bool event = !parts.event.empty();
    std::optional<TextVerdicts> texts;
    if (ranks || players || event) texts.emplace(*index_, parts);
    using enum TextVerdicts::Field;
    const auto text_at = [](const std::byte* record, std::size_t k) {
        return load_le<std::uint32_t>(record + 4 * k);
    };
    // Both texts decided, without a branch on the first's verdict: a filter that passes
    // half the games would mispredict every other one.
    const auto ranks_pass = [&](std::uint32_t black, std::uint32_t white) {
        return texts->passes(Rank, black) & texts->passes(Rank, white);
    };
    const auto players_pass = [&](std::uint32_t black, std::uint32_t white) {
        return texts->passes(Player, black) | texts->passes(Player, white);
    };
    // Every game passes until a column it fails clears its bit; each column read only when
    // its field is filtered.
    bits_.assign((std::size_t{game_count_} + 63) / 64, ~std::uint64_t{0});
    if (game_count_ % 64 != 0) bits_.back() = (std::uint64_t{1} << (game_count_ % 64)) - 1;
    const auto keep_if = [&](SectionId column, auto passes) {
        index_->for_each_column_record(column, [&](std::uint32_t id, const std::byte* r) {
            const std::uint64_t fails = passes(r) ? 0 : 1;
            bits_[id / 64] &= ~(fails << (id % 64));
        });
    };
    if (years)
        keep_if(SectionId::GameYears,
                [&](const std::byte* r) { return year_passes(load_le<std::int16_t>(r)); });
    if (ranks)
        keep_if(SectionId::GameRanks,
                [&](const std::byte* r) { return ranks_pass(text_at(r, 0), text_at(r, 1)); });
    if (players)
        keep_if(SectionId::GamePlayers,
                [&](const std::byte* r) { return players_pass(text_at(r, 0), text_at(r, 1)); });
    if (event)
        keep_if(SectionId::GameEvents,
                [&](const std::byte* r) { return texts->passes(Event, text_at(r, 0)); });
    for (std::uint64_t word : bits_) size_ += static_cast<std::uint32_t>(std::popcount(word));
}

const std::vector<std::uint64_t>& GameSelection::bits() const {
    if (years_only_) std::call_once(memory_->bits_made, [this] { make_bits(); });
    return bits_;
}

void GameSelection::out_of_range(std::uint32_t id) const {
    index_->damaged("game " + std::to_string(id) + " is out of range");
}

std::optional<GameSelection::Tally> GameSelection::remembered(Tree tree, std::uint32_t node) const {
    const std::lock_guard lock(memory_->mutex);
    const auto it = memory_->tallies.find({tree, node});
    if (it == memory_->tallies.end()) return std::nullopt;
    return it->second;
}

void GameSelection::remember(Tree tree, std::uint32_t node, Tally tally) const {
    const std::lock_guard lock(memory_->mutex);
    memory_->tallies.insert_or_assign({tree, node}, std::move(tally));
}

std::optional<std::uint32_t> GameSelection::remembered_count(Tree tree, std::uint32_t node) const {
    const std::lock_guard lock(memory_->mutex);
    const auto it = memory_->counts.find({tree, node});
    if (it == memory_->counts.end()) return std::nullopt;
    return it->second;
}

void GameSelection::remember_count(Tree tree, std::uint32_t node, std::uint32_t count) const {
    const std::lock_guard lock(memory_->mutex);
    memory_->counts.insert_or_assign({tree, node}, count);
}

}  // namespace josekic::index
