#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "index/index_lines.hpp"
#include "index/index_reader.hpp"

namespace josekic::compile {

/// What a line of a loaded tree becomes in the tries (load_tree): the line with its game,
/// outcome, colour order, year and move numbers as the merged dictionary has them (`end` is
/// load_tree's to set), or nullopt to leave it out (a game an earlier part already had).
/// Throws index::IndexError when the line is no line of the part's games.
using LineMatch = std::function<std::optional<index::IndexedLine>(const index::LineRecord&)>;

/// Adds the tree `tree` of `index` to `trie` node for node, with the lines `match` keeps: a
/// node is found or added for each node of the index that a kept line passes, the statistics
/// of its kept lines are added to it, its first kept lines' games are listed (an index numbers
/// games in the order a trie lists them: GameTable::listed_before), and the kept lines are
/// appended to `lines` with their end nodes. Into a trie that holds its root only, each node's
/// id is then its place in the index's preorder. This reads the tree once, in order, where
/// adding the part's games again walks every line from the root. Throws index::IndexError,
/// naming the file, for records that do not nest or count up.
void load_tree(const index::IndexFile& index, index::Tree tree, const LineMatch& match,
               dictionary::Trie& trie, index::LineLog& lines);

/// The lines of one part's games as a merge adds the games (in the order the part's compile
/// added them, those an earlier part had left out), held until the part's trees are loaded
/// (load): each index line is then matched to the game's line, which gives it its place in
/// the merged move numbers and its colour order (neither is in the index).
class PendingPart {
  public:
    /// A part whose index is `index` and whose first game added is `first_game`.
    PendingPart(const index::IndexFile& index, dictionary::GameId first_game);

    /// Game `id` (the next one), the part's kept game `number`, whose move numbers begin at
    /// `numbers_at` in the part's index and at `merged_at` in the merged log.
    void add_game(dictionary::GameId id, std::uint32_t number, std::uint64_t numbers_at,
                  std::uint64_t merged_at);
    /// A joseki line of the last game added, its move numbers at `merged_at`.
    void add_joseki_line(std::uint64_t merged_at, dictionary::LineOutcome outcome, bool swapped,
                         std::int16_t year);
    /// The even fuseki line of the last game added.
    void add_fuseki_line(dictionary::LineOutcome outcome, std::int16_t year);

    /// Adds the part's joseki and fuseki trees to `joseki` and `fuseki` (each on a thread of
    /// its own when `threads` > 1: they share nothing), their lines matched to the games' and
    /// appended to `joseki_lines` and `fuseki_lines` (load_tree); then checks that every
    /// line of the games was matched. Throws index::IndexError when the index and the games
    /// disagree.
    void load(dictionary::Trie& joseki, index::LineLog& joseki_lines, dictionary::Trie& fuseki,
              index::LineLog& fuseki_lines, unsigned threads);

  private:
    // By index game number (one look-up for each of the index's lines, which come in the
    // order of their nodes, not of their games).
    struct Game {
        std::int64_t index_minus_merged = 0;  ///< where its move numbers begin: index − merged
        dictionary::GameId merged = 0;        ///< its id, kNotAGame or kLeftOut
        std::uint32_t first_line = 0;         ///< into joseki_
        std::uint16_t lines = 0;              ///< its joseki lines
        std::int16_t fuseki_year = 0;
        dictionary::LineOutcome fuseki_outcome = dictionary::LineOutcome::Unknown;
        enum class Fuseki : std::uint8_t { None, Pending, Matched } fuseki = Fuseki::None;
    };
    struct JosekiLine {
        std::uint32_t merged_at = 0;
        std::int16_t year = 0;
        dictionary::LineOutcome outcome = dictionary::LineOutcome::Unknown;
        bool swapped = false;
        bool matched = false;
    };
    /// The game of a line of the index: nullptr when an earlier part had it.
    Game* game_of(const index::LineRecord& line);
    std::optional<index::IndexedLine> match_joseki(const index::LineRecord& line);
    std::optional<index::IndexedLine> match_fuseki(const index::LineRecord& line);
    [[noreturn]] void mismatch(const std::string& what) const;

    const index::IndexFile& index_;
    dictionary::GameId next_game_;
    /// By the part's kept game number (its merge game numbers): the index's game number.
    std::vector<std::uint32_t> index_number_;
    std::vector<Game> games_;  ///< by index game number
    Game* last_ = nullptr;     ///< the game added last
    std::vector<JosekiLine> joseki_;
    std::size_t joseki_matched_ = 0;
    std::size_t fuseki_lines_ = 0;
    std::size_t fuseki_matched_ = 0;
};

}  // namespace josekic::compile
