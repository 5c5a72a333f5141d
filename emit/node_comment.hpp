#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/significance.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/text_buffer.hpp"
#include "emit/text_memo.hpp"

namespace josekic::emit {

/// A continuation shown in a node's table: its board label ("A", "B", ...; empty for a
/// tenuki, which has no point to label) and its node.
struct Continuation {
    std::string_view label;
    dictionary::NodeId node = dictionary::kNoNode;
};

/// Whether append_node_comment writes plain text or an SGF value.
enum class CommentText : std::uint8_t {
    Plain,    ///< the text itself (the caller escapes it)
    Escaped,  ///< ready for C[...]: josekic's own words need no escaping, the rest is escaped
};

/// What the statistics lines that start a comment (count, share, wins, years, lines ending
/// there) are made from.
struct StatisticsKey {
    dictionary::NodeStats stats;
    std::uint64_t parent_count = 0;  ///< 0 for the root
    std::uint8_t form = 0;  ///< the kind, whether the node is the root, a tenuki and its colour
    /// The node's win rate against the rest of its parent's lines (win_rate_text.hpp).
    dictionary::Difference against_rest = dictionary::Difference::None;
    /// Distinct players of the node's move; 0 when not known.
    dictionary::NodeStats::Counter players = 0;
    friend bool operator==(const StatisticsKey&, const StatisticsKey&) = default;
};

/// The statistics lines of the comment written last, for the next node with the same
/// numbers: along a single-game tail every node says "Played 1 time (100.0% of 1)." and the
/// same wins and years.
using StatisticsMemo = TextMemo<StatisticsKey, 192>;

/// Everything the comment of one node says. The text is plain ASCII apart from names
/// and events copied from the games, laid out in short lines that read well in the
/// narrow comment boxes of Sabaki and CGoban (no column alignment: those boxes use
/// proportional fonts). The views must stay valid while the comment is written.
struct NodeCommentInput {
    DictionaryKind kind = DictionaryKind::Joseki;
    const dictionary::Trie* trie = nullptr;
    dictionary::NodeId node = dictionary::kRoot;
    std::span<const Continuation> continuations;  ///< in output order
    std::string_view hidden_note;                 ///< says what the size limits left out, or empty
    std::size_t max_games_listed = 5;
    std::string_view extra;  ///< e.g. transpositions; empty for none
    /// Escaped: text from the games and `extra` are SGF-escaped as they are appended (they
    /// must not hold '\r'), so the comment goes straight into an SGF value.
    CommentText text = CommentText::Plain;
    /// Where the statistics lines of the last comment are kept for the next, or nullptr to
    /// format them every time. The text is the same either way.
    StatisticsMemo* memo = nullptr;
    /// Era counts and distinct players of the trie's nodes, or nullptr (a dictionary written
    /// before they were counted): the comment then has no players and no "By era:" line.
    const dictionary::SideStats* side = nullptr;
};

/// The start of `listed` (a node's listed games) that its comment shows: the first
/// `max_games_listed` games, a game that ends several lines there counting once with all
/// its entries. The games property repeats only these, so a dictionary read back says the
/// same.
std::span<const dictionary::GameId> games_shown(std::span<const dictionary::GameId> listed,
                                                std::size_t max_games_listed);

/// "By era: 2013-2016 9 of 484 (1.9%), 2017-2019 262 of 684 (38.3%), rose.\n": the counts
/// `mine` (one an era of `eras`) as shares of `parent`'s, and whether the last era's share
/// differs from the first's beyond noise; without `parent`, the counts alone ("By era:
/// 2013-2016 484, 2017-2019 684.\n"). Eras are labelled with the collection's first and last
/// year (Eras::label). The one text of the dictionaries' "By era:" lines and lookup's.
void append_era_shares(TextBuffer& out, const dictionary::Eras& eras, int first_year, int last_year,
                       std::span<const dictionary::NodeStats::Counter> mine,
                       std::span<const dictionary::NodeStats::Counter> parent);

/// Appends the comment text of a node (unescaped unless `input.text` says Escaped) to `out`.
void append_node_comment(TextBuffer& out, const NodeCommentInput& input);

/// The comment text of a node, unescaped: append_node_comment into a new string.
std::string node_comment(const NodeCommentInput& input);

}  // namespace josekic::emit
