#pragma once

// The private properties of a dictionary's nodes (dictionary_format.hpp documents them):
// what lets josekic read a dictionary back with every statistic intact. Viewers ignore them.

#include <span>
#include <string>
#include <vector>

#include "core/dictionary/game_table.hpp"
#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/text_buffer.hpp"
#include "emit/text_memo.hpp"

namespace josekic::emit {

/// Appends the root's kind and format version and, when there are any, its provenance lines.
void put_root_properties(TextBuffer& out, DictionaryKind kind,
                         const std::vector<std::string>& provenance);

/// Writes the statistics property of nodes. The nodes of a single-game tail, most of a
/// large tree, have the same statistics one after another: a property short enough is
/// remembered and copied for the next node with the same statistics. One per writer (not
/// shared between threads).
class StatisticsProperty {
  public:
    /// Appends the statistics property of a node with statistics `s`.
    void put(TextBuffer& out, const dictionary::NodeStats& s);

  private:
    // The property of the node written last (it fits in 32 bytes for all but huge counts,
    // which are then formatted each time).
    TextMemo<dictionary::NodeStats, 32> memo_;
};

/// Appends the root's eras property: the first year of each era after the first (an empty
/// value for one era).
void put_eras_property(TextBuffer& out, const dictionary::Eras& eras);

/// Appends the side property of a node (dictionary::SideStats::kept nodes only): its distinct
/// players and its lines in each of the `eras`.
void put_side_property(TextBuffer& out, const dictionary::SideCounts& counts,
                       const dictionary::Eras& eras);

/// Appends the games property with the values of the `listed` games of `games` (nothing
/// when none is listed).
void put_games_property(TextBuffer& out, const dictionary::GameTable& games,
                        std::span<const dictionary::GameId> listed);

}  // namespace josekic::emit
