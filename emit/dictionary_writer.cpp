#include "emit/dictionary_writer.hpp"

#include <array>

#include "emit/node_comment.hpp"
#include "emit/sgf_text.hpp"

namespace josekic::emit {
namespace {

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;
using dictionary::Trie;

// Bijective base 26: A..Z, AA, AB, ... so that any number of continuations gets a label.
std::string label_for(std::size_t index) {
    std::string label;
    std::size_t n = index + 1;
    while (n > 0) {
        --n;
        label.insert(label.begin(), static_cast<char>('A' + n % 26));
        n /= 26;
    }
    return label;
}

std::string limit_text(std::size_t limit) { return limit == 0 ? std::string("none") : std::to_string(limit); }

class Writer {
public:
    Writer(const Trie& trie, const WriteOptions& options, NodeId only_first_move)
        : trie_(trie), options_(options), only_first_move_(only_first_move) {}

    WrittenDictionary write() {
        // Each frame is a branch point: its children in output order and the next one to
        // open. Everything between branch points is a chain written without parentheses,
        // so the stack (not the call stack) grows with the number of branch points only.
        struct Frame {
            std::vector<NodeId> children;
            std::size_t next;
            std::size_t depth;
        };
        std::vector<Frame> stack;
        out_.text += '(';
        NodeId at = kRoot;
        std::size_t depth = 0;
        std::vector<NodeId> children = write_node(at, depth);
        for (;;) {
            if (children.size() == 1) {
                out_.text += '\n';
                at = children.front();
                children = write_node(at, ++depth);
                continue;
            }
            if (children.size() > 1) {
                stack.push_back(Frame{std::move(children), 1, depth + 1});
                out_.text += "\n(";
                at = stack.back().children.front();
                depth = stack.back().depth;
                children = write_node(at, depth);
                continue;
            }
            // A leaf: close variations until one of them has a sibling left to open.
            bool opened = false;
            while (!stack.empty() && !opened) {
                out_.text += ')';
                Frame& top = stack.back();
                if (top.next < top.children.size()) {
                    out_.text += "\n(";
                    at = top.children[top.next++];
                    depth = top.depth;
                    children = write_node(at, depth);
                    opened = true;
                } else {
                    stack.pop_back();
                }
            }
            if (!opened) break;
        }
        out_.text += ")\n";
        return std::move(out_);
    }

private:
    // The children written below `node` at `depth` (moves from the root), in output order.
    std::vector<NodeId> kept_children(NodeId node, std::size_t depth) const {
        const SizeLimits& limits = options_.limits;
        if (limits.max_depth != 0 && depth >= limits.max_depth) return {};
        std::vector<NodeId> kept;
        for (NodeId child : trie_.sorted_children(node)) {
            if (node == kRoot && only_first_move_ != kNoNode && child != only_first_move_) continue;
            if (trie_.node(child).stats.count < limits.min_count) continue;
            kept.push_back(child);
            if (limits.max_children != 0 && kept.size() == limits.max_children) break;
        }
        return kept;
    }

    // Computed from the statistics alone (lines through the node that neither end there
    // nor continue into a written child), so that a dictionary read back from a cut file
    // says the same as the file it came from.
    std::string hidden_note(NodeId node, const std::vector<NodeId>& kept) const {
        const dictionary::NodeStats& s = trie_.node(node).stats;
        std::uint64_t shown = s.ends;
        for (NodeId c : kept) shown += trie_.node(c).stats.count;
        if (s.count <= shown) return {};
        const std::uint64_t hidden = s.count - shown;
        if (node == kRoot && only_first_move_ != kNoNode) {
            return "The other first moves (" + with_thousands(hidden) + (hidden == 1 ? " line" : " lines") +
                   ") are in the other files of this split; see the index.";
        }
        return "Not shown (size limits): " + with_thousands(hidden) + (hidden == 1 ? " line" : " lines") +
               " in rarer continuations.";
    }

    std::string root_preface() const {
        std::string text;
        if (!options_.name.empty()) text += options_.name + "\n";
        text += std::string(options_.kind == DictionaryKind::Joseki ? "Joseki" : "Fuseki") +
                " dictionary written by " + application() + ".\n";
        for (const std::string& line : options_.provenance) text += line + "\n";
        const SizeLimits& l = options_.limits;
        text += "Size limits: min count " + std::to_string(l.min_count) + ", max depth " + limit_text(l.max_depth) +
                ", max children " + limit_text(l.max_children) + ", games listed per node " +
                std::to_string(options_.max_games_listed) + ".\n";
        text += "How to read a node: its count and share of the previous move, the win rate of " +
                std::string(options_.kind == DictionaryKind::Joseki ? "the player who moved first in the corner"
                                                                     : "Black") +
                ", the years it was played and the lines that end there. Letters on the board mark the "
                "continuations listed in the comment, most frequent first: A is the main line.\n\n";
        return text;
    }

    std::string application() const {
        return options_.application.empty() ? std::string("josekic:" JOSEKIC_VERSION) : options_.application;
    }

    void property(std::string_view id, std::string_view value, ValueKind kind = ValueKind::Simple) {
        out_.text += id;
        out_.text += '[';
        append_escaped(out_.text, value, kind);
        out_.text += ']';
    }

    // Writes one node (without the leading newline or '(') and returns its written children.
    std::vector<NodeId> write_node(NodeId id, std::size_t depth) {
        const dictionary::TrieNode& node = trie_.node(id);
        std::vector<NodeId> kept = kept_children(id, depth);
        ++out_.nodes;
        if (node.stats.ends > 0) ++out_.terminals;

        out_.text += ';';
        if (id == kRoot) {
            out_.text += "GM[1]FF[4]CA[UTF-8]";
            property("AP", application());
            out_.text += "SZ[19]ST[2]";
            if (!options_.name.empty()) property("GN", options_.name);
        } else {
            out_.text += go::sgf_letter(node.move.color);
            out_.text += '[';
            if (node.move.point) out_.text += go::to_sgf(*node.move.point);
            out_.text += ']';
        }

        NodeCommentInput comment{options_.kind, &trie_, id, {}, hidden_note(id, kept), options_.max_games_listed, {}};
        std::size_t next_letter = 0;
        for (NodeId c : kept) {
            const bool has_point = trie_.node(c).move.point.has_value();
            comment.continuations.push_back(Continuation{has_point ? label_for(next_letter++) : std::string(), c});
        }
        if (options_.extra_comment) comment.extra = options_.extra_comment(id);
        property("C", (id == kRoot ? root_preface() : std::string()) + node_comment(comment));

        // One label per point: children of both colours at one point (possible only in
        // hand-made tries) share the first one's letter on the board.
        std::array<bool, go::kNumPoints> labelled{};
        bool any_label = false;
        for (const Continuation& c : comment.continuations) {
            const auto& point = trie_.node(c.node).move.point;
            if (!point || labelled[static_cast<std::size_t>(point->index())]) continue;
            labelled[static_cast<std::size_t>(point->index())] = true;
            if (!any_label) out_.text += "LB";
            any_label = true;
            out_.text += '[';
            out_.text += go::to_sgf(*point);
            out_.text += ':';
            append_escaped(out_.text, c.label, ValueKind::Composed);
            out_.text += ']';
        }

        if (id == kRoot) {
            property(kKindProperty, std::string(kind_name(options_.kind)) + ":" + std::to_string(kFormatVersion));
            if (!options_.provenance.empty()) {
                out_.text += kProvenanceProperty;
                for (const std::string& line : options_.provenance) {
                    out_.text += '[';
                    append_escaped(out_.text, line);
                    out_.text += ']';
                }
            }
        }
        const dictionary::NodeStats& s = node.stats;
        property(kStatsProperty, std::to_string(s.count) + ":" + std::to_string(s.ends) + ":" +
                                     std::to_string(s.first_player_wins) + ":" + std::to_string(s.second_player_wins) +
                                     ":" + std::to_string(s.draws) + ":" + std::to_string(s.unknown) + ":" +
                                     std::to_string(s.first_year) + ":" + std::to_string(s.last_year));
        if (!node.listed_games.empty()) {
            out_.text += kGamesProperty;
            for (dictionary::GameId g : node.listed_games) {
                const dictionary::GameReference& r = trie_.games()[g];
                const std::array<std::string_view, kGameFields> fields{
                    r.black_player, r.white_player, r.black_rank, r.white_rank, r.date, {}, r.event, r.result,
                    r.source_path,  {}};
                const std::string year = r.year ? std::to_string(*r.year) : std::string();
                const std::string index = std::to_string(r.index_in_file);
                for (std::size_t f = 0; f < kGameFields; ++f) {
                    out_.text += '[';
                    append_escaped(out_.text, f == 5 ? std::string_view(year) : f == 9 ? std::string_view(index) : fields[f]);
                    out_.text += ']';
                }
            }
        }
        return kept;
    }

    const Trie& trie_;
    const WriteOptions& options_;
    NodeId only_first_move_;
    WrittenDictionary out_;
};

}  // namespace

WrittenDictionary write_dictionary(const Trie& trie, const WriteOptions& options) {
    return Writer(trie, options, kNoNode).write();
}

WrittenDictionary write_dictionary_part(const Trie& trie, NodeId first_move, const WriteOptions& options) {
    return Writer(trie, options, first_move).write();
}

}  // namespace josekic::emit
