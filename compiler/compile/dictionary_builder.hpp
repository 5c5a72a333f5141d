#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "compiler/compile/game_analysis.hpp"
#include "compiler/compile/loaded_tree.hpp"
#include "core/dictionary/setup.hpp"
#include "core/dictionary/trie.hpp"
#include "core/game/game_record.hpp"
#include "index/index_lines.hpp"
#include "index/index_reader.hpp"
#include "index/pattern_spill.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"

namespace josekic::compile {

/// Whether games that are not even (handicap, setup stones, White first) get a fuseki tree
/// of their own (--fuseki-handicap) or are left out of fuseki.
enum class HandicapFuseki { Exclude, SeparateTree };

/// Counts about the joseki sequences, for report.txt.
struct JosekiCounts {
    std::array<std::uint64_t, 4> sequences_per_corner{};  ///< by trackers::Corner
    std::array<std::uint64_t, trackers::kAllSequenceEnds.size()>
        sequences_by_end{};  ///< by trackers::SequenceEnd
    std::uint64_t sequences = 0;
    std::uint64_t moves = 0;  ///< stones and tenuki passes
    std::uint64_t tenukis = 0;
    std::uint64_t corners_blocked_by_setup = 0;
    std::uint64_t colour_swapped = 0;
};

/// Counts about the fuseki openings, for report.txt.
struct FusekiCounts {
    std::map<std::string, std::uint64_t> games_by_class;  ///< by trackers::name(OpeningClass)
    std::uint64_t even_openings = 0;
    std::uint64_t handicap_openings = 0;  ///< entered into the handicap trees
    std::uint64_t handicap_setups = 0;    ///< handicap trees: distinct canonical setups
    std::uint64_t excluded = 0;           ///< not even, left out (no --fuseki-handicap)
};

/// One handicap fuseki tree: the openings of the games that start from one canonical setup.
struct SetupFuseki {
    const dictionary::Setup* setup;
    const dictionary::Trie* trie;
};

/// Builds the dictionaries from analysed games, on the consuming thread, in input order:
/// every kept game is added to the game table once and its lines are inserted into the
/// joseki trie, the even fuseki trie, and (under --fuseki-handicap) the handicap fuseki trie
/// of its canonical setup (trackers::CanonicalOpening), so that the openings of one
/// handicap are never counted with another's.
class DictionaryBuilder {
  public:
    DictionaryBuilder(dictionary::TrieOptions trie_options, HandicapFuseki handicap);

    void add_game(const game::GameRecord& record, const GameAnalysis& analysis);
    /// The same, for a game known by its reference, year and winner: a game of a merged part.
    void add_game(const dictionary::GameReference& reference, std::optional<int> year,
                  game::Winner winner, const GameAnalysis& analysis);
    /// Where a game of a compiled dictionary was in it: its number among the dictionary's
    /// kept games, and where its joseki move numbers begin in its index.
    struct PartPlace {
        std::uint32_t number = 0;
        std::uint64_t numbers_at = 0;
    };
    /// The games of a compiled dictionary (`index`, which outlives end_part) come next, each
    /// with add_game(..., place), in the order its compile added them (those an earlier part
    /// had left out); their lines are not added to the tries one by one: end_part() adds the
    /// dictionary's trees from its index, node for node (a merge: docs/merge.md).
    void begin_part(const index::IndexFile& index);
    void add_game(const dictionary::GameReference& reference, std::optional<int> year,
                  game::Winner winner, const GameAnalysis& analysis, const PartPlace& place);
    bool part_begun() const { return part_ != nullptr; }
    /// Adds the trees of the part begun, their lines matched to its games' (on two threads
    /// when `threads` > 1). Throws index::IndexError when the index and the games disagree.
    void end_part(unsigned threads);
    /// Keeps the corner patterns of the games added from now on (GameAnalysis::patterns), in a
    /// spill whose file, if one is needed, goes into `directory` (index/pattern_spill.hpp).
    void collect_patterns(const std::filesystem::path& directory);
    /// The patterns kept, or nullptr when collect_patterns() was not called.
    index::PatternSpill* patterns() { return patterns_.get(); }
    /// Once every game is in: frees what only insertion needs (the tries' child indexes,
    /// the game table's lookup of texts).
    void finish_adding();
    /// Groups the line logs by end node, as the index reads them (index::group_by_end):
    /// their order means nothing else.
    void group_lines_by_end();

    const dictionary::Trie& joseki() const { return joseki_; }
    const dictionary::Trie& fuseki() const { return fuseki_; }
    /// The handicap fuseki trees, one per canonical setup, most games first (equal counts in
    /// Setup order).
    std::vector<SetupFuseki> handicap_fuseki() const;
    /// Every line inserted into the joseki and the even fuseki trie, for the index (and the
    /// side statistics); in insertion order until group_lines_by_end().
    const index::LineLog& joseki_lines() const { return joseki_lines_; }
    const index::LineLog& fuseki_lines() const { return fuseki_lines_; }
    /// The game move numbers of the joseki lines (index/line_moves.hpp).
    const std::vector<std::uint8_t>& joseki_move_numbers() const { return joseki_move_numbers_; }
    const dictionary::GameTable& games() const { return *games_; }
    const JosekiCounts& joseki_counts() const { return joseki_counts_; }
    const FusekiCounts& fuseki_counts() const { return fuseki_counts_; }
    /// Earliest and latest year among the kept games (0 when none is dated).
    int first_year() const { return first_year_; }
    int last_year() const { return last_year_; }
    /// Kept games per year (dated games only), for the default eras.
    const std::map<int, std::uint64_t>& games_per_year() const { return games_per_year_; }

  private:
    /// add_game, for a game of the part begun when `place` is set.
    void add_game(const dictionary::GameReference& reference, std::optional<int> year,
                  game::Winner winner, const GameAnalysis& analysis, const PartPlace* place);

    std::shared_ptr<dictionary::GameTable> games_;
    dictionary::Trie joseki_;
    dictionary::Trie fuseki_;
    std::map<dictionary::Setup, dictionary::Trie> handicap_fuseki_;
    dictionary::TrieOptions trie_options_;
    index::LineLog joseki_lines_;
    index::LineLog fuseki_lines_;
    std::vector<std::uint8_t> joseki_move_numbers_;
    std::unique_ptr<index::PatternSpill> patterns_;
    std::unique_ptr<PendingPart> part_;  ///< the part begun (begin_part), if any
    HandicapFuseki handicap_;
    JosekiCounts joseki_counts_;
    FusekiCounts fuseki_counts_;
    int first_year_ = 0;
    int last_year_ = 0;
    std::map<int, std::uint64_t> games_per_year_;
};

/// The outcome of a fuseki line: its first player is Black, colours are never swapped.
dictionary::LineOutcome black_outcome(game::Winner winner);

}  // namespace josekic::compile
