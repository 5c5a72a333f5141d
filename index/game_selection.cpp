#include "index/game_selection.hpp"

#include <utility>

namespace josekic::index {

GameSelection::GameSelection(const IndexFile& index, game::GameFilter filter)
    : index_(&index), filter_(std::move(filter)), verdicts_(index.game_count(), Verdict::Unknown) {}

bool GameSelection::contains(std::uint32_t id) const {
    if (id >= verdicts_.size())
        throw IndexError(index_->path() + ": the index is damaged (game " + std::to_string(id) +
                         " is out of range)");
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
