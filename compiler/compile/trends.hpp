#pragma once

#include <string>

#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"

namespace josekic::compile {

/// What a Trends section lists and leaves out.
struct TrendLimits {
    /// Lines of each direction (rose, fell) listed per dictionary.
    std::size_t lines = 10;
    /// A move is listed only where its parent was reached this often in both the first and
    /// the last era, so that a share is never one of a handful of games.
    std::uint64_t min_parent_lines = 50;
};

/// The moves of `trie` whose share of their parent rose or fell most between the first and
/// the last era (dictionary::SideStats), in percentage points, among those whose change is
/// beyond noise (dictionary::compare_proportions) and whose parent passes the limits: one
/// block of report.txt's "Trends" section, headed by the dictionary's name. `first_year` and
/// `last_year` label the open eras.
std::string render_trends(const dictionary::Trie& trie, const dictionary::SideStats& side,
                          emit::DictionaryKind kind, int first_year, int last_year,
                          const TrendLimits& limits = {});

}  // namespace josekic::compile
