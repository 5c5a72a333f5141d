#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

#include "core/dictionary/game_table.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/atomic_file.hpp"
#include "index/byte_log.hpp"
#include "index/index_format.hpp"
#include "index/index_lines.hpp"
#include "index/pattern_spill.hpp"
#include "index/pattern_summary.hpp"

namespace josekic::index {

/// One unpruned trie and every line inserted into it.
struct TreeInput {
    const dictionary::Trie* trie = nullptr;
    /// Grouped by end node (group_by_end).
    std::span<const IndexedLine> lines;
    /// The game move numbers of the lines (joseki; IndexedLine::move_numbers points here).
    std::span<const std::uint8_t> move_numbers;
};

/// What `merge` needs beyond the tries (compiler/compile/merge_log.hpp): the merge run and
/// merge games sections, as bytes made by the caller; the index adds each kept game's number.
struct MergeInput {
    std::span<const std::byte> run;
    ByteLog* games = nullptr;
    /// The options the dictionary is written with, as command-line arguments: the output
    /// options section, which `compile --update` reads to write the dictionary so again.
    std::span<const std::string> output_arguments;
};

/// Wall-clock seconds of the parts of an index build, for --timings.
struct IndexTimes {
    double games = 0.0;      ///< the games' sections (and a merge's)
    double joseki = 0.0;     ///< the joseki tree's walk and its sections
    double fuseki = 0.0;     ///< the fuseki tree's
    double positions = 0.0;  ///< the position table of both
    double patterns = 0.0;   ///< the corner patterns (compile --patterns)
};

/// What goes into an index: both tries (which share `games`).
struct IndexInput {
    const dictionary::GameTable* games = nullptr;
    TreeInput joseki;
    TreeInput fuseki;
    OptionsRecord options;  ///< the compile options that shaped the tries
    /// The merge sections; none when null (the index then cannot be merged).
    const MergeInput* merge = nullptr;
    /// The corner patterns of every game (their game ids those of `games`), or nullptr for an
    /// index without them. Read once, by the merge of its runs.
    PatternSpill* patterns = nullptr;
    /// Called, if set, once the games are written and before the lines are read: the caller
    /// may group the lines (group_by_end) while the index writes the games.
    std::function<void()> wait_for_lines;
    /// The patterns with more occurrences than this get a stored summary (pattern_summary.hpp).
    std::uint32_t pattern_summaries_above = kPatternSummariesAbove;
    /// Filled in with the time of each part of the build, if set.
    IndexTimes* times = nullptr;
};

/// Builds the index of `input` (index_format.hpp) into `file`, an AtomicFile its caller
/// commits (compile does once the dictionaries are written, so that a failed run leaves the
/// old index in place). Each section goes to the file as soon as it is made and the header
/// last, so the index is never held in memory. Returns the file's size. Throws
/// std::logic_error when the lines do not account for every count of a trie (a line was
/// inserted but not logged), std::length_error when the dictionary is too large for the
/// format's 32-bit fields, and std::runtime_error naming the file when a write fails.
std::uint64_t write_index(const IndexInput& input, emit::AtomicFile& file);

}  // namespace josekic::index
