#pragma once

#include <cstdint>
#include <vector>

#include "core/game/game_filter.hpp"
#include "index/index_reader.hpp"

namespace josekic::index {

/// The games of an index that a filtered query counts: those that pass a game::GameFilter,
/// decided by the same check as compile's on the same fields (players, ranks, year, event),
/// so that a filtered lookup equals a compile with that filter. Each game is decided once,
/// when a query first meets it.
class GameSelection {
  public:
    /// The games of `index` that pass `filter`; `index` must outlive the selection.
    GameSelection(const IndexFile& index, game::GameFilter filter);

    const game::GameFilter& filter() const { return filter_; }
    /// Whether `game` passes the filter. Throws IndexError for a game id out of range.
    bool contains(std::uint32_t game) const;
    /// Whether the game of `line` passes the filter: from the year the line carries when the
    /// filter asks for years only (reading no game record), else as contains(line.game).
    bool contains(const LineRecord& line) const;

  private:
    enum class Verdict : std::uint8_t { Unknown, Passes, Fails };
    /// Throws IndexError when `id` is not a game of the index.
    void check_range(std::uint32_t id) const;
    const IndexFile* index_;
    game::GameFilter filter_;
    bool years_only_;
    mutable std::vector<Verdict> verdicts_;
};

}  // namespace josekic::index
