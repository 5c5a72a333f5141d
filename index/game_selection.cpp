#include "index/game_selection.hpp"

#include <utility>

namespace josekic::index {

GameSelection::GameSelection(const IndexFile& index, game::GameFilter filter)
    : index_(&index),
      filter_(std::move(filter)),
      years_only_(!filter_.has(game::FilterKind::MinRank) &&
                  !filter_.has(game::FilterKind::MaxRank) &&
                  !filter_.has(game::FilterKind::Player) && !filter_.has(game::FilterKind::Event)),
      verdicts_(index.game_count(), Verdict::Unknown) {}

bool GameSelection::contains(const LineRecord& line) const {
    if (!years_only_) return contains(line.game);
    check_range(line.game);
    // The line's year is its game's, as the writer stores both (0: undated).
    game::FilterFacts facts;
    if (line.year != 0) facts.year = line.year;
    return game::check(filter_, facts).passes();
}

void GameSelection::check_range(std::uint32_t id) const {
    if (id >= verdicts_.size()) index_->damaged("game " + std::to_string(id) + " is out of range");
}

bool GameSelection::contains(std::uint32_t id) const {
    check_range(id);
    Verdict& verdict = verdicts_[id];
    if (verdict == Verdict::Unknown) {
        const IndexedGame g = index_->game(id);
        const game::FilterFacts facts{
            g.black_player, g.white_player,
            g.black_rank,   g.white_rank,
            g.event,        g.year == 0 ? std::nullopt : std::optional<int>(g.year)};
        verdict = game::check(filter_, facts).passes() ? Verdict::Passes : Verdict::Fails;
    }
    return verdict == Verdict::Passes;
}

}  // namespace josekic::index
