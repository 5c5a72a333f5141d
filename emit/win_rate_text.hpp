#pragma once

// The one home of win-rate text: every win rate josekic shows (node comments, lookup,
// review) comes with its 95% Wilson interval, written the same way, and a continuation whose
// win rate differs from the rest of its parent's lines beyond noise says so.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/dictionary/significance.hpp"
#include "core/dictionary/trie.hpp"

namespace josekic::emit {

/// The most bytes put_win_rate writes.
inline constexpr std::size_t kMaxWinRateBytes = 64;

/// Writes wins of decided as "53.2% (48.1-58.0%)": the rate and its 95% Wilson interval
/// (dictionary::wilson_interval), each with one decimal; "-" when nothing was decided.
char* put_win_rate(char* to, std::uint64_t wins, std::uint64_t decided);

/// put_win_rate as a string.
std::string win_rate_text(std::uint64_t wins, std::uint64_t decided);

/// How the first player's win rate in `node`'s lines compares with the rest of the lines
/// through its parent (the parent's decided games less the node's): the lines that took
/// another continuation or ended at the parent. Made from the two nodes' statistics alone,
/// which pruning never changes, so a pruned dictionary marks the same continuations.
dictionary::Difference win_rate_against_rest(const dictionary::NodeStats& node,
                                             const dictionary::NodeStats& parent);

/// A continuation's mark in a table of continuations: "above the rest", "below the rest" or
/// empty.
std::string_view difference_mark(dictionary::Difference difference);

}  // namespace josekic::emit
