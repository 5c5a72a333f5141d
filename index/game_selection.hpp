#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/dictionary/node_stats.hpp"
#include "core/game/game_filter.hpp"
#include "index/index_reader.hpp"

namespace josekic::index {

/// The games of an index that a filtered query counts: those that pass a game::GameFilter,
/// decided by the same check as compile's on the same fields (players, ranks, year, event),
/// so that a filtered lookup equals a compile with that filter.
///
/// Every game is decided when the selection is made, from one read of the game columns its
/// filter needs (index_format.hpp kGameColumns: 2 to 8 bytes a game each) and of the string
/// pool (each distinct text once: the pool holds each text once), into one bit per game; a
/// query then only tests bits. A filter of years alone reads no game table: a line
/// carries its game's year. A long-running process keeps one selection per
/// (index, filter) and reuses it: it also remembers the statistics of the large nodes its
/// queries counted, so that a second query costs what an unfiltered one does. Const member
/// functions may be called from several threads at once.
class GameSelection {
  public:
    /// The games of `index` that pass `filter`; `index` must outlive the selection, and the
    /// queries given the selection must be of `index` (it remembers their counts). Throws
    /// IndexError when the game table cannot be read.
    GameSelection(const IndexFile& index, game::GameFilter filter);

    const game::GameFilter& filter() const { return filter_; }
    /// How many games of the index pass the filter.
    std::uint32_t size() const {
        bits();
        return size_;
    }
    /// Whether no game passes the filter: a query then counts nothing (a filter that keeps
    /// nothing would otherwise count every line back to the root, where its lookup ends).
    bool empty() const { return years_only_ ? no_year_passes_ : size_ == 0; }
    /// Whether `game` passes the filter. Throws IndexError for a game id out of range.
    bool contains(std::uint32_t game) const {
        const std::vector<std::uint64_t>& b = bits();
        if (game >= game_count_) out_of_range(game);
        return (b[game / 64] >> (game % 64) & 1U) != 0;
    }
    /// Whether the game of `line` passes the filter (for a filter of years alone, from the
    /// year the line carries: the writer stores its game's). Throws IndexError for a game id
    /// out of range.
    bool contains(const LineRecord& line) const {
        if (line.game >= game_count_) out_of_range(line.game);
        if (years_only_) return year_passes(line.year);
        return (bits_[line.game / 64] >> (line.game % 64) & 1U) != 0;
    }

    /// What a query counted of a node's lines over the selected games, kept for the next.
    struct Tally {
        dictionary::NodeStats stats;
        /// The `limit` most recent selected games (or all, when fewer), one line each as
        /// recent_games chooses it, most recent first.
        std::vector<LineRecord> recent;
        std::size_t limit = 0;
    };
    /// The tally of `node` of `tree` given to remember(), if any.
    std::optional<Tally> remembered(Tree tree, std::uint32_t node) const;
    /// Keeps `tally` as that of `node` of `tree` (query.cpp keeps those of the nodes whose
    /// lines are too many to count again on each query).
    void remember(Tree tree, std::uint32_t node, Tally tally) const;

    /// The count of `node` of `tree` given to remember_count(), if any.
    std::optional<std::uint32_t> remembered_count(Tree tree, std::uint32_t node) const;
    /// Keeps `count` as that of `node` of `tree` (query.cpp's node_count, for a node whose
    /// count alone a query needs: a share's parent).
    void remember_count(Tree tree, std::uint32_t node, std::uint32_t count) const;

  private:
    [[noreturn]] void out_of_range(std::uint32_t id) const;
    /// Years below this are decided at construction: every year a game's date can give.
    static constexpr std::uint32_t kDecidedYears = 4096;
    bool year_passes(std::int16_t year) const {
        return year >= 0 && static_cast<std::uint32_t>(year) < kDecidedYears
                   ? years_[static_cast<std::size_t>(year)]
                   : decide_year(year);
    }
    bool decide_year(std::int16_t year) const;
    /// The bits of the games that pass, made at construction or, for a filter of years
    /// alone, on first use.
    const std::vector<std::uint64_t>& bits() const;
    /// Reads the game columns the filter needs and decides every game into bits_ and size_.
    void make_bits() const;

    /// What the queries counted once, for the next ones.
    struct Memory {
        std::once_flag bits_made;
        std::mutex mutex;
        std::map<std::pair<Tree, std::uint32_t>, Tally> tallies;
        std::map<std::pair<Tree, std::uint32_t>, std::uint32_t> counts;
    };

    const IndexFile* index_;
    game::GameFilter filter_;
    std::uint32_t game_count_ = 0;
    bool years_only_ = false;
    bool no_year_passes_ = false;     // no year a date can give passes (set at construction)
    std::vector<bool> years_;         // [year]: a game of it passes (kDecidedYears of them)
    mutable std::uint32_t size_ = 0;  // set with bits_
    mutable std::vector<std::uint64_t> bits_;  // bit g % 64 of word g / 64: game g passes
    std::unique_ptr<Memory> memory_;           // behind a pointer: a mutex cannot move
};

}  // namespace josekic::index
