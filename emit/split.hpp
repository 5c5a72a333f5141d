#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "core/go/move.hpp"
#include "emit/dictionary_writer.hpp"

namespace josekic::emit {

/// The conventional name of a first move by its lines from the edges of the upper-right
/// corner, where the dictionaries put it (ic is 11-3):
/// "4-4", "3-4", "3-3", "5-3", "5-4", "6-3", "10-10", ...; a pass is "tenuki". Players
/// write komoku as 3-4 and the others with the farther line first (5-3, 5-4, 6-4), so the
/// name follows that habit.
std::string first_move_name(const go::Move& move);

/// The Japanese name of a common first move ("hoshi", "komoku", ...), or empty.
std::string first_move_nickname(const go::Move& move);

/// One file of a split dictionary, before it is written.
struct SplitPart {
    std::string file_name;                          ///< e.g. "joseki-4-4.sgf"
    std::string first_move;                         ///< first_move_name() of its first move
    std::uint64_t count = 0;                        ///< lines through the first move
    dictionary::NodeId node = dictionary::kNoNode;  ///< the root child it holds
    WriteOptions options;                           ///< the options to write it with (its own name)
};

/// What --split writes: the parts (most frequent first move first) and the index.
struct SplitPlan {
    std::vector<SplitPart> parts;
    std::string index_file_name;  ///< "joseki-index.txt" / "fuseki-index.txt"
    std::string index_text;       ///< the files with their first moves, counts and shares
};

/// The file names a split index (joseki-index.txt, fuseki-index.txt as plan_split writes
/// it) lists, in order; empty when `text` is no split index.
std::vector<std::string> split_part_names(std::string_view text);

/// Plans the split of `trie` by the root's children, one file each (--split).
/// Names are "<kind>-<first_move_name>.sgf"; if two first moves share a name (only
/// possible in a trie that was not normalised) the later one gets its SGF point appended.
/// Each part is then written with write_dictionary_part (or write_dictionary_file) with
/// its node and options.
SplitPlan plan_split(const dictionary::Trie& trie, const WriteOptions& options);

}  // namespace josekic::emit
