#include "index/reviewed_sgf.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "core/formats/record_reader.hpp"
#include "core/sgf/sgf_tree.hpp"
#include "emit/node_comment.hpp"
#include "emit/sgf_text.hpp"
#include "emit/win_rate_text.hpp"
#include "index/query.hpp"

namespace josekic::index {

namespace {

std::string point_text(go::Point p) {
    return {static_cast<char>('a' + p.x), static_cast<char>('a' + p.y)};
}

// `first_player`: whose wins the statistics count, in the game's colours.
std::string stats_text(const dictionary::NodeStats& s, const std::string& first_player) {
    return "played " + emit::with_thousands(s.count) + (s.count == 1 ? " time, " : " times, ") +
           first_player + " wins " + emit::win_rate_text(s.first_player_wins, s.decided());
}

// The LB labels of one node: the game's own first, then the review's. A point has one label
// and a label one point, however many lines leave the book at the node.
struct NodeLabels {
    std::vector<std::pair<std::string, std::string>> labels;  // point, label

    // The label of `p`: the one it has, or the first letter no point of the node has yet
    // (nullopt when none is left).
    std::optional<std::string> label_for(go::Point p) {
        const std::string at = point_text(p);
        for (const auto& [point, label] : labels)
            if (point == at) return label;
        for (char c = 'A'; c <= 'Z'; ++c) {
            const std::string label(1, c);
            const bool used = std::ranges::any_of(
                labels, [&label](const auto& entry) { return entry.second == label; });
            if (used) continue;
            labels.emplace_back(at, label);
            return label;
        }
        return std::nullopt;
    }
};

struct MoveNotes {
    std::vector<std::string> lines;
    NodeLabels labels;
};

// The game's move indices of a line's moves (LineReview::game_move_numbers, 1-based with 0
// for a tenuki), as indices into the record's moves.
std::vector<std::optional<std::size_t>> game_indices(const LineReview& line) {
    std::vector<std::optional<std::size_t>> at;
    for (const std::size_t number : line.game_move_numbers)
        at.push_back(number == 0 ? std::nullopt : std::optional<std::size_t>(number - 1));
    return at;
}

// The move a node of the game's file plays, if any.
std::optional<go::Move> node_move(const sgf::SgfNode& node) {
    for (const auto& [id, color] :
         {std::pair{"B", go::Color::Black}, std::pair{"W", go::Color::White}}) {
        const sgf::SgfProperty* p = node.find(id);
        if (p == nullptr) continue;
        const std::string_view value = p->values.front();
        if (value.empty() || value == "tt") return go::Move::pass(color);
        const std::optional<go::Point> point = go::point_from_sgf(value);
        if (!point) return std::nullopt;
        return go::Move::at(color, *point);
    }
    return std::nullopt;
}

// The nodes of the tree's main line that play the game's first `legal_moves` moves, in
// order; nullopt when the tree's main line is not that game (then the game is written from
// its record).
std::optional<std::vector<sgf::SgfNodeId>> move_nodes(const sgf::SgfTree& tree,
                                                      const game::GameRecord& record,
                                                      std::size_t legal_moves) {
    std::vector<sgf::SgfNodeId> nodes;
    for (sgf::SgfNodeId id = 0; id != sgf::kNoSgfNode && nodes.size() < legal_moves;
         id = tree.nodes[id].first_child) {
        if (tree.nodes[id].find("B") == nullptr && tree.nodes[id].find("W") == nullptr) continue;
        const std::optional<go::Move> move = node_move(tree.nodes[id]);
        if (!move || *move != record.moves[nodes.size()]) return std::nullopt;
        nodes.push_back(id);
    }
    if (nodes.size() != legal_moves) return std::nullopt;
    return nodes;
}

void append_property(std::string& out, std::string_view id,
                     const std::vector<std::string_view>& values) {
    if (values.empty()) return;
    out += id;
    for (const std::string_view value : values) {
        out += '[';
        emit::append_escaped(out, value);
        out += ']';
    }
}

// The review's comment and labels of a node, after what the node had: its own comment
// first, then the review's lines.
void append_notes(std::string& out, std::string_view own_comment, const MoveNotes& notes) {
    std::string review;
    for (const std::string& line : notes.lines) review += (review.empty() ? "" : "\n") + line;
    append_property(out, "C",
                    {own_comment.empty() ? review : std::string(own_comment) + "\n\n" + review});
    if (notes.labels.labels.empty()) return;
    out += "LB";
    for (const auto& [point, label] : notes.labels.labels) {
        out += '[' + point + ':';
        emit::append_escaped(out, label, emit::ValueKind::Composed);
        out += ']';
    }
}

// The game's own tree, every property and variation kept, with the review on its moves.
std::string write_tree(const sgf::SgfTree& tree,
                       const std::map<sgf::SgfNodeId, const MoveNotes*>& notes) {
    std::string out;
    const auto write_node = [&](sgf::SgfNodeId id) {
        const sgf::SgfNode& node = tree.nodes[id];
        const auto found = notes.find(id);
        const MoveNotes* here = found == notes.end() ? nullptr : found->second;
        out += ';';
        std::string own_comment;
        for (const sgf::SgfProperty& p : node.properties) {
            if (here != nullptr && p.id == "C") {
                own_comment = p.values.front();
                continue;
            }
            if (here != nullptr && p.id == "LB") continue;  // written with the review's
            append_property(out, p.id, {p.values.begin(), p.values.end()});
        }
        if (here != nullptr) append_notes(out, own_comment, *here);
    };
    // An explicit stack: a file may nest variations deeper than the call stack goes.
    enum class Step { Open, Close };
    std::vector<std::pair<sgf::SgfNodeId, Step>> stack{{0, Step::Open}};
    while (!stack.empty()) {
        const auto [start, step] = stack.back();
        stack.pop_back();
        if (step == Step::Close) {
            out += ')';
            continue;
        }
        // A variation's ')' comes after every variation below it.
        out += '(';
        stack.emplace_back(start, Step::Close);
        sgf::SgfNodeId id = start;
        while (true) {
            write_node(id);
            const sgf::SgfNodeId child = tree.nodes[id].first_child;
            if (child == sgf::kNoSgfNode) break;
            if (tree.nodes[child].next_sibling == sgf::kNoSgfNode) {
                id = child;
                continue;
            }
            std::vector<sgf::SgfNodeId> children;
            for (sgf::SgfNodeId c = child; c != sgf::kNoSgfNode; c = tree.nodes[c].next_sibling)
                children.push_back(c);
            for (auto c = children.rbegin(); c != children.rend(); ++c)
                stack.emplace_back(*c, Step::Open);
            break;
        }
    }
    return out + "\n";
}

}  // namespace

std::string reviewed_sgf(const IndexFile& index, const game::GameRecord& record,
                         std::size_t legal_moves, const GameReview& review,
                         std::string_view file_bytes) {
    // The game's own tree when its file is SGF and its main line is the game read.
    diag::DiagnosticList ignored;  // the reader has reported them already
    std::vector<sgf::SgfTree> trees;
    if (!file_bytes.empty() &&
        formats::record_format(record.source_path, file_bytes) == input::RecordFormat::Sgf)
        trees = sgf::parse_collection(file_bytes, record.source_path, ignored);
    const auto game_index = static_cast<std::size_t>(std::max(record.index_in_file, 1)) - 1;
    const sgf::SgfTree* tree = game_index < trees.size() ? &trees[game_index] : nullptr;
    std::optional<std::vector<sgf::SgfNodeId>> nodes;
    if (tree != nullptr) nodes = move_nodes(*tree, record, legal_moves);

    std::map<std::size_t, MoveNotes> notes;
    if (nodes) {
        // The game's own labels keep their letters.
        for (std::size_t i = 0; i < nodes->size(); ++i) {
            const sgf::SgfProperty* lb = tree->nodes[(*nodes)[i]].find("LB");
            if (lb == nullptr) continue;
            for (const std::string_view value : lb->values) {
                const std::size_t colon = value.find(':');
                if (colon == std::string_view::npos) continue;
                notes[i].labels.labels.emplace_back(std::string(value.substr(0, colon)),
                                                    std::string(value.substr(colon + 1)));
            }
        }
    }
    for (const LineReview& line : review.lines) {
        const LookupResult& r = line.line;
        const std::string first_player = first_player_name(r.tree, r.query);
        const std::vector<std::optional<std::size_t>> at = game_indices(line);
        const Walk w = walk(index.tree(r.tree), r.query.canonical);
        for (std::size_t k = 0; k < w.matched(); ++k) {
            if (!at[k]) continue;
            notes[*at[k]].lines.push_back(
                line.name + ", book: " +
                stats_text(node_stats(index, r.tree, w.path[k + 1]), first_player) + ".");
        }
        if (r.node || r.matched >= at.size()) continue;
        // A tenuki has no move of its own in the corner: it is the game's next move after the
        // line's move before it, played elsewhere by the tenuki's player.
        std::optional<std::size_t> where = at[r.matched];
        const bool elsewhere =
            !where && r.matched > 0 && at[r.matched - 1] && *at[r.matched - 1] + 1 < legal_moves &&
            record.moves[*at[r.matched - 1] + 1].color == r.query.played[r.matched].color;
        if (elsewhere) where = *at[r.matched - 1] + 1;
        if (!where) continue;
        MoveNotes& here = notes[*where];
        const std::string this_move =
            elsewhere ? ": this move, elsewhere (a tenuki in the corner)," : ": this move";
        std::string text =
            line.name + this_move +
            (line.past_book_end ? " goes past the end of the book's lines (no game went on "
                                  "from the position before it: "
                                : " leaves the book (the position before it: ") +
            stats_text(node_stats(index, r.tree, r.last_known), first_player) + ").";
        for (const ContinuationFacts& c : r.continuations) {
            text += "\n  ";
            if (c.move.point) {
                if (const std::optional<std::string> label = here.labels.label_for(*c.move.point))
                    text += *label + " ";
            }
            text += (c.move.point ? point_text(*c.move.point) : std::string("tenuki")) + ": " +
                    stats_text(c.stats, first_player);
        }
        here.lines.push_back(text);
    }

    if (nodes) {
        std::map<sgf::SgfNodeId, const MoveNotes*> at_node;
        for (const auto& [i, move_notes] : notes) {
            if (!move_notes.lines.empty()) at_node.emplace((*nodes)[i], &move_notes);
        }
        return write_tree(*tree, at_node);
    }

    // A game from another format (or a file whose tree is not the game read): written from
    // its record, with what the record keeps.
    // GN names the window a viewer opens (CGoban titles it with the players otherwise).
    std::string out = "(;GM[1]FF[4]CA[UTF-8]SZ[19]AP[josekic review]GN[josekic review]";
    const auto property = [&out](const char* name, const std::string& value) {
        if (value.empty()) return;
        append_property(out, name, {value});
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
        if (found == notes.end() || found->second.lines.empty()) continue;
        append_notes(out, "", found->second);
    }
    out += ")\n";
    return out;
}

}  // namespace josekic::index
