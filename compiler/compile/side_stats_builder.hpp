#pragma once

#include <span>

#include "core/dictionary/eras.hpp"
#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "index/index_lines.hpp"

namespace josekic::compile {

/// The era counts and distinct players of every node of `trie` that two or more lines pass
/// through, from `lines` (every line inserted into it, as the index keeps them) and the games
/// of the trie's table: a pass after the last game, so that the trie's nodes carry nothing
/// for it. Players are told apart by their names as written (a game without a name is a
/// player of its own).
dictionary::SideStats compute_side_stats(const dictionary::Trie& trie,
                                         std::span<const index::IndexedLine> lines,
                                         const dictionary::Eras& eras);

}  // namespace josekic::compile
