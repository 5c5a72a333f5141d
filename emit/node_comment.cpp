#include "emit/node_comment.hpp"

#include "emit/decimal_text.hpp"
#include "emit/sgf_text.hpp"

namespace josekic::emit {
namespace {

using namespace std::string_view_literals;

using dictionary::NodeStats;

// node_comment runs for every node of dictionaries of hundreds of thousands of nodes, so
// everything is appended straight into the caller's string: the temporaries of `a + b + c`
// and of one std::string per name were most of a compile's formatting instructions.

// Where the comment goes: plain text, or an SGF value being written in place.
bool needs_care(char c) { return c == '\n' || c == '\r' || c == '\\' || c == ']'; }

// A name, event or date as one comment line: line breaks in them would break the layout.
// In an escaped comment, '\\' and ']' are escaped too (the line breaks are gone first, so
// no '\r' is left for SGF's line-break rule).
void append_flat(TextBuffer& out, std::string_view text, CommentText mode) {
    std::size_t i = 0;
    while (i < text.size() && !needs_care(text[i])) ++i;
    out.append(text.data(), i);
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n' || c == '\r') {
            out += ' ';
            continue;
        }
        if (mode == CommentText::Escaped && (c == '\\' || c == ']')) out += '\\';
        out += c;
    }
}

// Text given by the caller (extra), escaped in an escaped comment. It holds no '\r' then,
// so escaping it on its own gives the same bytes as escaping the whole comment.
void append_given(TextBuffer& out, std::string_view text, CommentText mode) {
    if (mode == CommentText::Plain) out += text;
    else append_escaped(out, text);
}

void append_player(TextBuffer& out, const std::string& name, const std::string& rank, CommentText mode) {
    if (name.empty()) out += '?';
    else append_flat(out, name, mode);
    if (!rank.empty()) {
        out += ' ';
        append_flat(out, rank, mode);
    }
}

void append_game_line(TextBuffer& out, const dictionary::GameReference& g, CommentText mode) {
    if (g.date.empty()) out += "date ?"sv;
    else append_flat(out, g.date, mode);
    out += "  B: "sv;
    append_player(out, g.black_player, g.black_rank, mode);
    out += "  W: "sv;
    append_player(out, g.white_player, g.white_rank, mode);
    if (!g.result.empty()) {
        out += "  "sv;
        append_flat(out, g.result, mode);
    }
    if (!g.event.empty()) {
        out += "  "sv;
        append_flat(out, g.event, mode);
    }
    out += "  ("sv;
    append_flat(out, g.source_path, mode);
    out += " #"sv;
    append_signed_decimal(out, g.index_in_file);
    out += ')';
}

std::string_view first_player(DictionaryKind kind) {
    return kind == DictionaryKind::Joseki ? "Black (first in the corner)" : "Black";
}

void append_years(TextBuffer& out, const NodeStats& s) {
    if (s.first_year == 0) {
        out += "years unknown"sv;
        return;
    }
    append_signed_decimal(out, s.first_year);
    if (s.first_year == s.last_year) return;
    out += '-';
    append_signed_decimal(out, s.last_year);
}

}  // namespace

std::string with_thousands(std::uint64_t n) { return std::string(thousands(n)); }

std::string percent(std::uint64_t part, std::uint64_t whole) { return std::string(percent_text(part, whole)); }

void append_node_comment(TextBuffer& out, const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    const NodeStats& s = node.stats;
    const std::size_t start = out.size();

    if (in.node == dictionary::kRoot) {
        out += in.kind == DictionaryKind::Joseki ? "Corner sequences: "sv : "Games: "sv;
        append_thousands(out, s.count);
        out += ".\n"sv;
    } else {
        if (node.move.is_pass()) {
            out += "Tenuki: "sv;
            out += node.move.color == go::Color::Black ? "Black"sv : "White"sv;
            out += " plays elsewhere.\n"sv;
        }
        const std::uint64_t parent_count = trie.node(node.parent).stats.count;
        out += "Played "sv;
        append_thousands(out, s.count);
        out += s.count == 1 ? " time"sv : " times"sv;
        out += " ("sv;
        out += percent_text(s.count, parent_count);
        out += " of "sv;
        append_thousands(out, parent_count);
        out += ").\n"sv;
    }
    out += first_player(in.kind);
    if (s.decided() == 0) {
        out += ": no decided games"sv;
    } else {
        out += " wins "sv;
        out += percent_text(s.first_player_wins, s.decided());
        out += " of "sv;
        append_thousands(out, s.decided());
        out += s.decided() == 1 ? " decided game"sv : " decided games"sv;
    }
    if (s.draws > 0 || s.unknown > 0) {
        out += " ("sv;
        append_thousands(out, s.draws);
        out += " drawn, "sv;
        append_thousands(out, s.unknown);
        out += " unknown)"sv;
    }
    out += ".\nYears: "sv;
    append_years(out, s);
    out += ".\nLines ending here: "sv;
    append_thousands(out, s.ends);
    out += ".\n"sv;
    if (!in.extra.empty()) {
        // Escaping puts a '\\' before a character, never after: the last one stays.
        append_given(out, in.extra, in.text);
        if (out.back() != '\n') out += '\n';
    }

    // Long single-game tails are most of a large tree: when the only continuation carries
    // every line, one short sentence says so and the table (which would repeat the node's
    // own numbers) is left out, which makes such files about a third smaller.
    const bool only_one_way = in.continuations.size() == 1 &&
                              trie.node(in.continuations.front().node).stats.count == s.count;
    if (only_one_way) {
        const Continuation& c = in.continuations.front();
        out += "\nEvery line continues with "sv;
        out += c.label.empty() ? "a tenuki"sv : c.label;
        out += trie.node(c.node).move.color == go::Color::Black ? " (B).\n"sv : " (W).\n"sv;
    } else if (!in.continuations.empty()) {
        out += "\nContinuations (letter, colour, count, share, "sv;
        out += in.kind == DictionaryKind::Joseki ? "first player's"sv : "Black's"sv;
        out += " wins, years):\n"sv;
        for (const Continuation& c : in.continuations) {
            const dictionary::TrieNode& child = trie.node(c.node);
            const NodeStats& cs = child.stats;
            out += c.label.empty() ? "tenuki"sv : c.label;
            out += child.move.color == go::Color::Black ? "  B  "sv : "  W  "sv;
            append_thousands(out, cs.count);
            out += " ("sv;
            out += percent_text(cs.count, s.count);
            out += ")  wins "sv;
            out += percent_text(cs.first_player_wins, cs.decided());
            out += "  "sv;
            append_years(out, cs);
            out += '\n';
        }
    }
    if (!in.hidden_note.empty()) {
        out += in.hidden_note;
        out += '\n';
    }

    {
        // A game can end several corner sequences at one node (the same joseki in two
        // corners); it is listed once, with the number of its lines.
        const std::vector<dictionary::GameId>& listed = node.listed_games;
        std::size_t used = 0;
        std::size_t shown = 0;
        while (used < listed.size() && shown < in.max_games_listed) {
            std::size_t same = 1;
            while (used + same < listed.size() && listed[used + same] == listed[used]) ++same;
            if (shown == 0) out += "\nGames ending here, most recent first:\n"sv;
            append_game_line(out, trie.games()[listed[used]], in.text);
            if (same > 1) {
                out += "  ("sv;
                out += decimal(same);
                out += " lines)"sv;
            }
            out += '\n';
            used += same;
            ++shown;
        }
        // Lines inserted without a game (or beyond the kept few) are only counted.
        if (shown > 0 && s.ends > used) {
            out += "and "sv;
            append_thousands(out, s.ends - used);
            out += " more.\n"sv;
        }
    }
    while (out.size() > start && out.back() == '\n') out.pop_back();
}

std::string node_comment(const NodeCommentInput& input) {
    TextBuffer out;
    append_node_comment(out, input);
    return std::string(out.view());
}

}  // namespace josekic::emit
