#pragma once

// The trends of a position in the explorer (/api/trends): the lines through a node and
// through its continuations by year, and how many people played them, counted in one scan of
// the node's lines (a scan per node and per figure read the root's millions of lines four
// times).

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "index/game_selection.hpp"
#include "index/index_reader.hpp"

namespace josekic::index {

/// What the trends show of one node.
struct NodeTrend {
    /// The lines through the node (its subtree's lines, as its count counts them) by the year
    /// of their game; undated games under year 0.
    std::map<int, std::uint64_t> years;
    /// How many people played them: the distinct names among both players of their games (a
    /// name counted once however many games it played; a game without a name adds none; one
    /// person written two ways counts twice). The explorer's "players" column: a line played
    /// a thousand times by three people is not a thousand people's choice.
    std::uint32_t players = 0;

    friend bool operator==(const NodeTrend&, const NodeTrend&) = default;
};

/// Counts the trends of nodes of an index.
class TrendCounter {
  public:
    /// Reads the string pool's size and where its empty text is; `index` must outlive the
    /// counter. Throws IndexError.
    explicit TrendCounter(const IndexFile& index);

    /// What count() counts: the players too, or the years only (which need no game's names).
    enum class Figures { YearsAndPlayers, Years };

    /// The trends of `nodes` of `tree`, of `selection`'s games when given. Any nodes (the
    /// lines of two nodes are nested or apart); a node and its continuations read the node's
    /// lines once. With Figures::Years, every `players` is 0. Throws IndexError. May be
    /// called from several threads at once.
    std::vector<NodeTrend> count(Tree tree, std::span<const std::uint32_t> nodes,
                                 const GameSelection* selection = nullptr,
                                 Figures figures = Figures::YearsAndPlayers) const;

  private:
    const IndexFile* index_;
    std::uint64_t pool_size_ = 0;
    std::optional<std::uint32_t> empty_text_;  // the pool offset of "", if a game has it
    mutable std::mutex whole_column_;          // held while a count holds the whole column
};

}  // namespace josekic::index
