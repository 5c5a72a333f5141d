#include "emit/node_comment.hpp"

#include <functional>

#include <range/v3/view/chunk_by.hpp>
#include <range/v3/view/take.hpp>

#include "emit/byte_scan.hpp"
#include "emit/decimal_text.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_cursor.hpp"
#include "emit/win_rate_text.hpp"

namespace josekic::emit {
namespace {

using dictionary::NodeStats;

// node_comment runs for every node of dictionaries of hundreds of thousands of nodes, so
// everything is written straight into the caller's buffer, and text of bounded length
// (josekic's own words, numbers, the fields of a game) through a TextCursor that reserved
// room for it: the temporaries of `a + b + c`, one std::string per name and then a check
// for room per piece were most of a compile's formatting instructions.

// Room for the statistics paragraph: its words (under 400 bytes), at most ten numbers and
// a win rate.
constexpr std::size_t kStatsRoom = 400 + 10 * kMaxNumberBytes + kMaxWinRateBytes;
// Room for a line of fixed words and at most five numbers and a win rate, besides a label.
constexpr std::size_t kLineRoom = 100 + 5 * kMaxNumberBytes + kMaxWinRateBytes;

// The helpers below that take a TextCursor are always inlined: a cursor passed to a call
// lives in memory, and then every byte written through it makes the compiler load it
// again (a char may alias anything), which was most of their cost.

// A name, event or date as one comment line: line breaks in them would break the layout.
// In an escaped comment, '\\' and ']' are escaped too (the line breaks are gone first, so
// no '\r' is left for SGF's line-break rule). A line break is one space, "\r\n" too: the
// XG property keeps a name's "\r\n" as "\n", so `prune`, which reads names back from it,
// writes the same line as `compile`. Writes at most 2 * text.size() bytes.
char* put_flat(char* to, std::string_view text, CommentText mode) {
    const ByteSet special('\n', '\r', '\\', ']');
    return copy_replacing(to, text, special, [text, mode](char* at, std::size_t i) {
        const char c = text[i];
        if (c == '\n' || c == '\r') {
            *at = ' ';
            const bool pair = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
            return std::pair(at + 1, i + (pair ? 2 : 1));
        }
        if (mode == CommentText::Escaped) *at++ = '\\';
        *at = c;
        return std::pair(at + 1, i + 1);
    });
}

[[gnu::always_inline]] inline void flat(TextCursor& t, std::string_view text, CommentText mode) {
    t.advance_to(put_flat(t.at(), text, mode));
}

// Text given by the caller (extra), escaped in an escaped comment. It holds no '\r' then,
// so escaping it on its own gives the same bytes as escaping the whole comment.
void append_given(TextBuffer& out, std::string_view text, CommentText mode) {
    if (mode == CommentText::Plain)
        out += text;
    else
        append_escaped(out, text);
}

// At most 2 * (name + rank) + 2 bytes.
[[gnu::always_inline]] inline void put_player(TextCursor& t, std::string_view name,
                                              std::string_view rank, CommentText mode) {
    if (name.empty())
        t.put('?');
    else
        flat(t, name, mode);
    if (!rank.empty()) {
        t.put(' ');
        flat(t, rank, mode);
    }
}

// Room for a game's line: twice its fields (escaping at most doubles them), the words
// between them and its number.
std::size_t game_line_room(const dictionary::GameReference& g) {
    const std::size_t fields = g.date.size() + g.black_player.size() + g.black_rank.size() +
                               g.white_player.size() + g.white_rank.size() + g.result.size() +
                               g.event.size() + g.source_path.size();
    return 2 * fields + 64 + kMaxNumberBytes;
}

[[gnu::always_inline]] inline void put_game_line(TextCursor& t, const dictionary::GameReference& g,
                                                 CommentText mode) {
    if (g.date.empty())
        t.put("date ?");
    else
        flat(t, g.date, mode);
    t.put("  B: ");
    put_player(t, g.black_player, g.black_rank, mode);
    t.put("  W: ");
    put_player(t, g.white_player, g.white_rank, mode);
    if (!g.result.empty()) {
        t.put("  ");
        flat(t, g.result, mode);
    }
    if (!g.event.empty()) {
        t.put("  ");
        flat(t, g.event, mode);
    }
    t.put("  (");
    flat(t, g.source_path.dir, mode);  // flat() works byte by byte: the parts can go apart
    flat(t, g.source_path.name, mode);
    t.put(" #");
    t.signed_decimal(g.index_in_file);
    t.put(')');
}

// At most 13 bytes or two numbers and a '-'.
[[gnu::always_inline]] inline void put_years(TextCursor& t, const NodeStats& s) {
    if (s.first_year == 0) {
        t.put("years unknown");
        return;
    }
    t.signed_decimal(s.first_year);
    if (s.first_year == s.last_year) return;
    t.put('-');
    t.signed_decimal(s.last_year);
}

// Everything before the extra text: how often the node was played, the first player's
// wins, the years and the lines ending here.
[[gnu::always_inline]] inline void put_statistics(TextCursor& t, const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    const NodeStats& s = node.stats;
    if (in.node == dictionary::kRoot) {
        if (in.kind == DictionaryKind::Joseki)
            t.put("Corner sequences: ");
        else
            t.put("Games: ");
        t.thousands(s.count);
        t.put(".\n");
    } else {
        if (node.move.is_pass()) {
            if (node.move.color == go::Color::Black)
                t.put("Tenuki: Black plays elsewhere.\n");
            else
                t.put("Tenuki: White plays elsewhere.\n");
        }
        const std::uint64_t parent_count = trie.node(node.parent).stats.count;
        t.put("Played ");
        t.thousands(s.count);
        if (s.count == 1)
            t.put(" time (");
        else
            t.put(" times (");
        t.percent(s.count, parent_count);
        t.put(" of ");
        t.thousands(parent_count);
        t.put(')');
        if (in.side != nullptr && s.count >= 2) {
            const dictionary::NodeStats::Counter players = in.side->of(trie, in.node).players;
            t.put(" by ");
            t.thousands(players);
            if (players == 1)
                t.put(" player");
            else
                t.put(" players");
        }
        t.put(".\n");
    }
    if (in.kind == DictionaryKind::Joseki)
        t.put("Black (first in the corner)");
    else
        t.put("Black");
    const std::uint64_t decided = s.decided();
    if (decided == 0) {
        t.put(": no decided games");
    } else {
        t.put(" wins ");
        t.advance_to(put_win_rate(t.at(), s.first_player_wins, decided));
        t.put(" of ");
        t.thousands(decided);
        if (decided == 1)
            t.put(" decided game");
        else
            t.put(" decided games");
    }
    if (s.draws > 0 || s.unknown > 0) {
        t.put(" (");
        t.thousands(s.draws);
        t.put(" drawn, ");
        t.thousands(s.unknown);
        t.put(" unknown)");
    }
    if (in.node != dictionary::kRoot) {
        switch (win_rate_against_rest(s, trie.node(node.parent).stats)) {
            case dictionary::Difference::Higher:
                t.put(",\nmore than in the other lines here");
                break;
            case dictionary::Difference::Lower:
                t.put(",\nless than in the other lines here");
                break;
            case dictionary::Difference::None:
                break;
        }
    }
    t.put(".\nYears: ");
    put_years(t, s);
    t.put(".\nLines ending here: ");
    t.thousands(s.ends);
    t.put(".\n");
}

[[gnu::always_inline]] inline void put_colour(TextCursor& t, go::Color color) {
    t.put(color == go::Color::Black ? 'B' : 'W');
}

// The node's "By era:" line: its share of its parent in each era (append_era_shares). Left
// out where it says nothing: one era, or a node that has every line of its parent.
void append_eras(TextBuffer& out, const NodeCommentInput& in) {
    if (in.side == nullptr || in.side->eras().count() < 2) return;
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    const dictionary::Eras& eras = in.side->eras();
    const NodeStats& root = trie.node(dictionary::kRoot).stats;
    const dictionary::SideCounts mine = in.side->of(trie, in.node);
    if (in.node == dictionary::kRoot) {
        append_era_shares(out, eras, root.first_year, root.last_year, mine.per_era, {});
        return;
    }
    if (node.stats.count == trie.node(node.parent).stats.count) return;
    const dictionary::SideCounts parent = in.side->of(trie, node.parent);
    append_era_shares(out, eras, root.first_year, root.last_year, mine.per_era, parent.per_era);
}

void append_continuations(TextBuffer& out, const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const NodeStats& s = trie.node(in.node).stats;
    // Long single-game tails are most of a large tree: when the only continuation carries
    // every line, one short sentence says so and the table (which would repeat the node's
    // own numbers) is left out, which makes such files about a third smaller.
    const bool only_one_way = in.continuations.size() == 1 &&
                              trie.node(in.continuations.front().node).stats.count == s.count;
    if (only_one_way) {
        const Continuation& c = in.continuations.front();
        TextCursor t(out, kLineRoom + c.label.size());
        t.put("\nEvery line continues with ");
        if (c.label.empty())
            t.put("a tenuki");
        else
            t.put(c.label);
        t.put(" (");
        put_colour(t, trie.node(c.node).move.color);
        t.put(").\n");
        return;
    }
    if (in.continuations.empty()) return;
    {
        TextCursor t(out, kLineRoom);
        t.put("\nContinuations (letter, colour, count, share, ");
        if (in.kind == DictionaryKind::Joseki)
            t.put("first player's");
        else
            t.put("Black's");
        t.put(" wins with 95% interval, years):\n");
    }
    for (const Continuation& c : in.continuations) {
        const dictionary::TrieNode& child = trie.node(c.node);
        const NodeStats& cs = child.stats;
        TextCursor t(out, kLineRoom + c.label.size());
        if (c.label.empty())
            t.put("tenuki");
        else
            t.put(c.label);
        t.put("  ");
        put_colour(t, child.move.color);
        t.put("  ");
        t.thousands(cs.count);
        t.put(" (");
        t.percent(cs.count, s.count);
        t.put(")  wins ");
        t.advance_to(put_win_rate(t.at(), cs.first_player_wins, cs.decided()));
        t.put("  ");
        put_years(t, cs);
        if (const std::string_view mark = difference_mark(win_rate_against_rest(cs, s));
            !mark.empty()) {
            t.put("  ");
            t.put(mark);
        }
        t.put('\n');
    }
}

void append_games(TextBuffer& out, const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    // A game can end several corner sequences at one node (the same joseki in two
    // corners); it is listed once, with the number of its lines.
    const std::span<const dictionary::GameId> listed = trie.listed_games(in.node);
    std::size_t used = 0;
    std::size_t shown = 0;
    for (const auto same_game :
         games_shown(listed, in.max_games_listed) | ranges::views::chunk_by(std::equal_to<>{})) {
        const auto lines = static_cast<std::size_t>(ranges::distance(same_game));
        const dictionary::GameReference game = trie.games()[same_game.front()];
        TextCursor t(out, kLineRoom + game_line_room(game));
        if (shown == 0) t.put("\nGames ending here, most recent first:\n");
        put_game_line(t, game, in.text);
        if (lines > 1) {
            t.put("  (");
            t.decimal(lines);
            t.put(" lines)");
        }
        t.put('\n');
        used += lines;
        ++shown;
    }
    // Lines inserted without a game (or beyond the kept few) are only counted.
    if (shown > 0 && node.stats.ends > used) {
        TextCursor t(out, kLineRoom);
        t.put("and ");
        t.thousands(node.stats.ends - used);
        t.put(" more.\n");
    }
}

StatisticsKey statistics_key(const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    StatisticsKey key;
    key.stats = node.stats;
    key.form = in.kind == DictionaryKind::Joseki ? 1 : 0;
    if (in.node == dictionary::kRoot) {
        key.form |= 2;
    } else {
        const NodeStats& parent = trie.node(node.parent).stats;
        key.parent_count = parent.count;
        key.against_rest = win_rate_against_rest(node.stats, parent);
        if (in.side != nullptr && node.stats.count >= 2)
            key.players = in.side->of(trie, in.node).players;
        if (node.move.is_pass()) key.form |= node.move.color == go::Color::Black ? 4 : 8;
    }
    return key;
}

// The statistics lines, copied from the memo when the last node's were made from the same
// numbers. The room (kStatsRoom) holds more than the memo's whole buffer, which is copied in
// fixed moves rather than by its exact length.
void append_statistics(TextBuffer& out, const NodeCommentInput& in) {
    static_assert(kStatsRoom >= StatisticsMemo::kMaxBytes);
    TextCursor t(out, kStatsRoom);
    if (in.memo == nullptr) {
        put_statistics(t, in);
        return;
    }
    in.memo->put(t, statistics_key(in), [&in](TextCursor& cursor) { put_statistics(cursor, in); });
}

}  // namespace

std::span<const dictionary::GameId> games_shown(std::span<const dictionary::GameId> listed,
                                                std::size_t max_games_listed) {
    std::size_t used = 0;
    for (const auto same_game : listed | ranges::views::chunk_by(std::equal_to<>{}) |
                                    ranges::views::take(max_games_listed))
        used += static_cast<std::size_t>(ranges::distance(same_game));
    return listed.first(used);
}

void append_era_shares(TextBuffer& out, const dictionary::Eras& eras, int first_year, int last_year,
                       std::span<const NodeStats::Counter> mine,
                       std::span<const NodeStats::Counter> parent) {
    out += "By era: ";
    if (parent.empty()) {
        for (std::size_t e = 0; e < eras.count(); ++e) {
            if (e > 0) out += ", ";
            out += eras.label(e, first_year, last_year);
            out += ' ';
            out += thousands(mine[e]);
        }
        out += ".\n";
        return;
    }
    for (std::size_t e = 0; e < eras.count(); ++e) {
        if (e > 0) out += ", ";
        out += eras.label(e, first_year, last_year);
        TextCursor t(out, kLineRoom);
        t.put(' ');
        t.thousands(mine[e]);
        t.put(" of ");
        t.thousands(parent[e]);
        if (parent[e] > 0) {
            t.put(" (");
            t.percent(mine[e], parent[e]);
            t.put(')');
        }
    }
    const std::size_t last = eras.count() - 1;
    switch (dictionary::compare_proportions(mine[last], parent[last], mine[0], parent[0])) {
        case dictionary::Difference::Higher:
            out += ", rose";
            break;
        case dictionary::Difference::Lower:
            out += ", fell";
            break;
        case dictionary::Difference::None:
            break;
    }
    out += ".\n";
}

void append_node_comment(TextBuffer& out, const NodeCommentInput& in) {
    const std::size_t start = out.size();
    append_statistics(out, in);
    append_eras(out, in);
    if (!in.extra.empty()) {
        // Escaping puts a '\\' before a character, never after: the last one stays.
        append_given(out, in.extra, in.text);
        if (out.back() != '\n') out += '\n';
    }
    append_continuations(out, in);
    if (!in.hidden_note.empty()) {
        out += in.hidden_note;
        out += '\n';
    }
    append_games(out, in);
    while (out.size() > start && out.back() == '\n') out.pop_back();
}

std::string node_comment(const NodeCommentInput& input) {
    TextBuffer out;
    append_node_comment(out, input);
    return std::string(out.view());
}

}  // namespace josekic::emit
