#include "emit/node_comment.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace josekic::emit {
namespace {

using dictionary::NodeStats;


// A name, event or date as one comment line: line breaks in them would break the layout.
std::string flat(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

std::string player(const std::string& name, const std::string& rank) {
    std::string out = name.empty() ? std::string("?") : flat(name);
    if (!rank.empty()) out += " " + flat(rank);
    return out;
}

std::string game_line(const dictionary::GameReference& g) {
    std::string out = g.date.empty() ? std::string("date ?") : flat(g.date);
    out += "  B: " + player(g.black_player, g.black_rank);
    out += "  W: " + player(g.white_player, g.white_rank);
    if (!g.result.empty()) out += "  " + flat(g.result);
    if (!g.event.empty()) out += "  " + flat(g.event);
    out += "  (" + flat(g.source_path) + " #" + std::to_string(g.index_in_file) + ")";
    return out;
}

std::string first_player(DictionaryKind kind) {
    return kind == DictionaryKind::Joseki ? "Black (first in the corner)" : "Black";
}

}  // namespace

namespace {

// The append_ forms write straight into the comment: node_comment runs for every node of
// dictionaries of hundreds of thousands of nodes, and the temporaries of `a + b + c` were a
// sixth of a compile's instructions.

// The decimal digits of `n`, written at the end of `buffer`.
std::string_view digits_of(std::uint64_t n, std::array<char, 24>& buffer) {
    char* const end = buffer.data() + buffer.size();
    char* p = end;
    do {
        *--p = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n != 0);
    return {p, static_cast<std::size_t>(end - p)};
}

void append_decimal(std::string& out, std::uint64_t n) {
    std::array<char, 24> buffer;
    out += digits_of(n, buffer);
}

void append_thousands(std::string& out, std::uint64_t n) {
    std::array<char, 24> buffer;
    const std::string_view p = digits_of(n, buffer);
    const std::size_t size = p.size();
    for (std::size_t i = 0; i < size; ++i) {
        if (i > 0 && (size - i) % 3 == 0) out += ',';
        out += p[i];
    }
}

void append_percent(std::string& out, std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) {
        out += '-';
        return;
    }
    // Integer rounding keeps the text independent of the locale and of floating point.
    const std::uint64_t tenths = (part * 1000 + whole / 2) / whole;
    append_decimal(out, tenths / 10);
    out += '.';
    append_decimal(out, tenths % 10);
    out += '%';
}

void append_year(std::string& out, int year) {
    if (year < 0) out += '-';  // as std::to_string writes it
    append_decimal(out, year < 0 ? 0 - static_cast<std::uint64_t>(static_cast<std::int64_t>(year))
                                 : static_cast<std::uint64_t>(year));
}

void append_years(std::string& out, const NodeStats& s) {
    if (s.first_year == 0) {
        out += "years unknown";
        return;
    }
    append_year(out, s.first_year);
    if (s.first_year == s.last_year) return;
    out += '-';
    append_year(out, s.last_year);
}

}  // namespace

std::string with_thousands(std::uint64_t n) {
    std::string out;
    append_thousands(out, n);
    return out;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
    std::string out;
    append_percent(out, part, whole);
    return out;
}

std::string node_comment(const NodeCommentInput& in) {
    const dictionary::Trie& trie = *in.trie;
    const dictionary::TrieNode& node = trie.node(in.node);
    const NodeStats& s = node.stats;
    std::string out;
    out.reserve(256);

    if (in.node == dictionary::kRoot) {
        out += in.kind == DictionaryKind::Joseki ? "Corner sequences: " : "Games: ";
        append_thousands(out, s.count);
        out += ".\n";
    } else {
        if (node.move.is_pass()) {
            out += "Tenuki: ";
            out += node.move.color == go::Color::Black ? "Black" : "White";
            out += " plays elsewhere.\n";
        }
        const std::uint64_t parent_count = trie.node(node.parent).stats.count;
        out += "Played ";
        append_thousands(out, s.count);
        out += s.count == 1 ? " time" : " times";
        out += " (";
        append_percent(out, s.count, parent_count);
        out += " of ";
        append_thousands(out, parent_count);
        out += ").\n";
    }
    out += first_player(in.kind);
    if (s.decided() == 0) {
        out += ": no decided games";
    } else {
        out += " wins ";
        append_percent(out, s.first_player_wins, s.decided());
        out += " of ";
        append_thousands(out, s.decided());
        out += s.decided() == 1 ? " decided game" : " decided games";
    }
    if (s.draws > 0 || s.unknown > 0) {
        out += " (" + with_thousands(s.draws) + " drawn, " + with_thousands(s.unknown) + " unknown)";
    }
    out += ".\n";
    out += "Years: ";
    append_years(out, s);
    out += ".\nLines ending here: ";
    append_thousands(out, s.ends);
    out += ".\n";
    if (!in.extra.empty()) {
        out += in.extra;
        if (out.back() != '\n') out += '\n';
    }

    // Long single-game tails are most of a large tree: when the only continuation carries
    // every line, one short sentence says so and the table (which would repeat the node's
    // own numbers) is left out, which makes such files about a third smaller.
    const bool only_one_way = in.continuations.size() == 1 &&
                              trie.node(in.continuations.front().node).stats.count == s.count;
    if (only_one_way) {
        const Continuation& c = in.continuations.front();
        out += "\nEvery line continues with ";
        out += c.label.empty() ? std::string("a tenuki") : c.label;
        out += trie.node(c.node).move.color == go::Color::Black ? " (B).\n" : " (W).\n";
    } else if (!in.continuations.empty()) {
        out += "\nContinuations (letter, colour, count, share, " +
               std::string(in.kind == DictionaryKind::Joseki ? "first player's" : "Black's") + " wins, years):\n";
        for (const Continuation& c : in.continuations) {
            const dictionary::TrieNode& child = trie.node(c.node);
            const NodeStats& cs = child.stats;
            out += c.label.empty() ? std::string("tenuki") : c.label;
            out += child.move.color == go::Color::Black ? "  B  " : "  W  ";
            append_thousands(out, cs.count);
            out += " (";
            append_percent(out, cs.count, s.count);
            out += ")  wins ";
            append_percent(out, cs.first_player_wins, cs.decided());
            out += "  ";
            append_years(out, cs);
            out += '\n';
        }
    }
    if (!in.hidden_note.empty()) out += in.hidden_note + "\n";

    {
        // A game can end several corner sequences at one node (the same joseki in two
        // corners); it is listed once, with the number of its lines.
        const std::vector<dictionary::GameId>& listed = node.listed_games;
        std::size_t used = 0;
        std::size_t shown = 0;
        while (used < listed.size() && shown < in.max_games_listed) {
            std::size_t same = 1;
            while (used + same < listed.size() && listed[used + same] == listed[used]) ++same;
            if (shown == 0) out += "\nGames ending here, most recent first:\n";
            out += game_line(trie.games()[listed[used]]);
            if (same > 1) out += "  (" + std::to_string(same) + " lines)";
            out += "\n";
            used += same;
            ++shown;
        }
        // Lines inserted without a game (or beyond the kept few) are only counted.
        if (shown > 0 && s.ends > used) out += "and " + with_thousands(s.ends - used) + " more.\n";
    }
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

}  // namespace josekic::emit
