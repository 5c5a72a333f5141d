#include "index/reviewed_sgf.hpp"

#include <map>
#include <vector>

#include "emit/node_comment.hpp"
#include "emit/sgf_text.hpp"
#include "emit/win_rate_text.hpp"
#include "index/query.hpp"

namespace josekic::index {

namespace {

std::string point_text(go::Point p) {
    return {static_cast<char>('a' + p.x), static_cast<char>('a' + p.y)};
}

std::string stats_text(const dictionary::NodeStats& s) {
    return "played " + emit::with_thousands(s.count) + (s.count == 1 ? " time, " : " times, ") +
           emit::win_rate_text(s.first_player_wins, s.decided()) + " wins";
}

struct MoveNotes {
    std::vector<std::string> lines;
    std::vector<std::string> labels;  // "qc:A"
};

// The game's move indices of a line's moves: fuseki moves are the game's first moves; a
// corner's stones are found in order from its first stone on (a tenuki has none).
std::vector<std::optional<std::size_t>> game_indices(const game::GameRecord& record,
                                                     std::size_t legal_moves,
                                                     const LineReview& line) {
    std::vector<std::optional<std::size_t>> at;
    const std::vector<go::Move>& played = line.line.query.played;
    std::size_t from = 0;
    for (std::size_t k = 0; k < played.size(); ++k) {
        if (line.line.tree == Tree::Fuseki) {
            at.emplace_back(k);
            continue;
        }
        std::optional<std::size_t> found;
        if (!played[k].is_pass()) {
            for (std::size_t i = from; i < legal_moves; ++i) {
                if (record.moves[i] == played[k]) {
                    found = i;
                    from = i + 1;
                    break;
                }
            }
        }
        at.push_back(found);
    }
    return at;
}

}  // namespace

std::string reviewed_sgf(const IndexFile& index, const game::GameRecord& record,
                         std::size_t legal_moves, const GameReview& review) {
    std::map<std::size_t, MoveNotes> notes;
    for (const LineReview& line : review.lines) {
        const LookupResult& r = line.line;
        const std::vector<std::optional<std::size_t>> at = game_indices(record, legal_moves, line);
        const Walk w = walk(index.tree(r.tree), r.query.canonical);
        for (std::size_t k = 0; k < w.matched(); ++k) {
            if (!at[k]) continue;
            notes[*at[k]].lines.push_back(
                line.name + ", book: " + stats_text(node_stats(index, r.tree, w.path[k + 1])) +
                ".");
        }
        if (r.node || r.matched >= at.size() || !at[r.matched]) continue;
        MoveNotes& here = notes[*at[r.matched]];
        std::string text = line.name + ": this move leaves the book (the position before it: " +
                           stats_text(node_stats(index, r.tree, r.last_known)) + ").";
        char label = 'A';
        for (const ContinuationFacts& c : r.continuations) {
            text += "\n  ";
            if (c.move.point && label <= 'Z') {
                here.labels.push_back(point_text(*c.move.point) + ":" + label);
                text += std::string(1, label++) + " ";
            }
            text += (c.move.point ? point_text(*c.move.point) : std::string("tenuki")) + ": " +
                    stats_text(c.stats);
        }
        here.lines.push_back(text);
    }

    // GN names the window a viewer opens (CGoban titles it with the players otherwise).
    std::string out = "(;GM[1]FF[4]CA[UTF-8]SZ[19]AP[josekic review]GN[josekic review]";
    const auto property = [&out](const char* name, const std::string& value) {
        if (value.empty()) return;
        out += name;
        out += '[';
        emit::append_escaped(out, value);
        out += ']';
    };
    property("PB", record.info.black_player);
    property("PW", record.info.white_player);
    property("BR", record.info.black_rank);
    property("WR", record.info.white_rank);
    property("DT", record.info.date);
    property("EV", record.info.event);
    property("RE", record.info.result);
    for (const auto& [name, points] :
         {std::pair{"AB", &record.setup_black}, std::pair{"AW", &record.setup_white}}) {
        if (points->empty()) continue;
        out += name;
        for (go::Point p : *points) out += "[" + point_text(p) + "]";
    }
    for (std::size_t i = 0; i < legal_moves; ++i) {
        const go::Move& m = record.moves[i];
        out += m.color == go::Color::Black ? ";B[" : ";W[";
        if (m.point) out += point_text(*m.point);
        out += ']';
        const auto found = notes.find(i);
        if (found == notes.end()) continue;
        std::string comment;
        for (const std::string& line : found->second.lines)
            comment += (comment.empty() ? "" : "\n") + line;
        property("C", comment);
        if (!found->second.labels.empty()) {
            out += "LB";
            for (const std::string& label : found->second.labels) out += "[" + label + "]";
        }
    }
    out += ")\n";
    return out;
}

}  // namespace josekic::index
