#include "emit/dictionary_writer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <exception>

#include "emit/decimal_text.hpp"
#include "emit/node_comment.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_cursor.hpp"
#include "emit/text_memo.hpp"

namespace josekic::emit {
namespace {

using namespace std::string_view_literals;

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;
using dictionary::Trie;

// Text is handed to the sink in pieces of about this size: large enough that a file write
// per piece costs nothing, small enough that a dictionary is never held in memory.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

// The labels of the first 26 continuations.
constexpr std::string_view kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

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

void put_point(TextCursor& t, go::Point p) {
    t.put(static_cast<char>('a' + p.x));
    t.put(static_cast<char>('a' + p.y));
}

// The statistics property of the node written last (it fits in 32 bytes for all but huge
// counts, which are then formatted each time).
using StatisticsPropertyMemo = TextMemo<dictionary::NodeStats, 32>;

// Everything below runs once per written node, so the per-node state lives in buffers that
// are reused from node to node (children, labels, the comment being built, the output
// piece) instead of strings and vectors made and freed for every node.
class Writer {
  public:
    Writer(const Trie& trie, const WriteOptions& options, NodeId only_first_move,
           const TextSink& sink)
        : trie_(trie), options_(options), only_first_move_(only_first_move), sink_(sink) {}

    WriteCounts write() {
        out_ += '(';
        if (options_.helpers != nullptr) plan_parts();
        if (board_.parts.empty()) {
            write_subtree(kRoot, 0);
        } else {
            // Helpers may be formatting parts of this board until it is removed, also when
            // the write fails.
            options_.helpers->add(board_);
            struct Removal {
                EmitHelpers* helpers;
                EmitHelpers::Board* board;
                ~Removal() { helpers->remove(*board); }
            } removal{options_.helpers, &board_};
            write_subtree(kRoot, 0);
        }
        out_ += ")\n"sv;
        flush();
        return counts_;
    }

  private:
    // Writes `start` (at `depth` moves from the root) and everything below it, from the
    // node's ';' to the ')' that closes its last variation.
    void write_subtree(NodeId start, std::size_t depth) {
        // Each frame is a branch point: its children in output order (pending_[begin, end))
        // and the next one to open. Everything between branch points is a chain written
        // without parentheses, so the stack (not the call stack) grows with the number of
        // branch points only; a frame's children sit on top of its parents' in pending_.
        struct Frame {
            std::size_t begin;
            std::size_t next;
            std::size_t end;
            std::size_t depth;
        };
        std::vector<Frame> stack;
        visit(start, depth);
        for (;;) {
            if (out_.size() >= kChunkBytes) flush();
            if (kept_.size() == 1) {
                out_ += '\n';
                visit(kept_.front(), ++depth);
                continue;
            }
            if (kept_.size() > 1) {
                const std::size_t begin = pending_.size();
                pending_.insert(pending_.end(), kept_.begin(), kept_.end());
                stack.push_back(Frame{begin, begin + 1, pending_.size(), depth + 1});
                out_ += "\n("sv;
                depth = stack.back().depth;
                visit(pending_[begin], depth);
                continue;
            }
            // A leaf: close variations until one of them has a sibling left to open.
            bool opened = false;
            while (!stack.empty() && !opened) {
                out_ += ')';
                Frame& top = stack.back();
                if (top.next < top.end) {
                    out_ += "\n("sv;
                    depth = top.depth;
                    visit(pending_[top.next++], depth);
                    opened = true;
                } else {
                    pending_.resize(top.begin);
                    stack.pop_back();
                }
            }
            if (!opened) break;
        }
    }

    // Writes node `id`, or, where a part begins, the whole part (leaving kept_ empty, as
    // after a leaf, because the part closes its own variations).
    void visit(NodeId id, std::size_t depth) {
        if (depth != kPartDepth || board_.parts.empty() || in_part_) {
            write_node(id);
            return;
        }
        const std::size_t index = next_part_++;
        EmitHelpers::Part& part = board_.parts[index];
        if (options_.helpers->take_in_order(board_, index)) {
            in_part_ = true;
            write_subtree(id, depth);
            in_part_ = false;
            return;
        }
        options_.helpers->wait_ready(board_, index);
        if (part.failure) std::rethrow_exception(part.failure);
        flush();
        sink_(part.text);
        counts_.bytes += part.text.size();
        counts_.nodes += part.nodes;
        counts_.terminals += part.terminals;
        std::string().swap(part.text);
        kept_.clear();
    }

    // The parts: the nodes written at kPartDepth, in the order the writer reaches them.
    void plan_parts() {
        std::vector<std::pair<NodeId, std::size_t>> stack{{kRoot, 0}};
        while (!stack.empty()) {
            const auto [node, depth] = stack.back();
            stack.pop_back();
            if (depth == kPartDepth) {
                board_.parts.emplace_back().node = node;
                continue;
            }
            keep_children(node);
            for (auto it = kept_.rbegin(); it != kept_.rend(); ++it)
                stack.emplace_back(*it, depth + 1);
        }
        kept_.clear();
        if (board_.parts.size() < 2) {
            board_.parts.clear();
            return;
        }
        // Helpers format with a writer of their own, into the part's text.
        part_options_ = options_;
        part_options_.helpers = nullptr;
        board_.format = [this](EmitHelpers::Part& part) {
            const TextSink into_part = [&part](std::string_view piece) { part.text += piece; };
            Writer helper(trie_, part_options_, only_first_move_, into_part);
            helper.write_subtree(part.node, kPartDepth);
            helper.flush();
            part.nodes = helper.counts_.nodes;
            part.terminals = helper.counts_.terminals;
        };
    }

    void flush() {
        if (out_.empty()) return;
        sink_(out_.view());
        counts_.bytes += out_.size();
        out_.clear();
    }

    // Fills kept_ with the children written below `node` (all of them; below the root of
    // one file of a split, only its first move) in output order, sorted here in a reused
    // buffer.
    void keep_children(NodeId node) {
        kept_.clear();
        const bool one_first_move = node == kRoot && only_first_move_ != kNoNode;
        for (NodeId c = trie_.node(node).first_child; c != kNoNode;
             c = trie_.node(c).next_sibling) {
            if (one_first_move && c != only_first_move_) continue;
            kept_.push_back(c);
        }
        if (kept_.size() > 1) dictionary::sort_in_output_order(trie_, kept_);
    }

    // Computed from the statistics alone (lines through the node that neither end there
    // nor continue into a written child: `shown` is the sum of those two), so that a
    // dictionary read back from a cut file says the same as the file it came from.
    void hidden_note(NodeId node, std::uint64_t shown, TextBuffer& note) const {
        const dictionary::NodeStats& s = trie_.node(node).stats;
        if (s.count <= shown) return;
        const std::uint64_t hidden = s.count - shown;
        if (node == kRoot && only_first_move_ != kNoNode) {
            note += "The other first moves ("sv;
            note += thousands(hidden);
            note += hidden == 1 ? " line"sv : " lines"sv;
            note += ") are in the other files of this split; see the index."sv;
            return;
        }
        note += "Not shown (size limits): "sv;
        note += thousands(hidden);
        note += hidden == 1 ? " line"sv : " lines"sv;
        note += " in rarer continuations."sv;
    }

    // Once per file, so written for reading rather than speed.
    void append_root_preface(TextBuffer& text) const {
        std::string preface;
        if (!options_.name.empty()) preface += options_.name + "\n";
        preface += std::string(options_.kind == DictionaryKind::Joseki ? "Joseki" : "Fuseki") +
                   " dictionary written by " + application() + ".\n";
        for (const std::string& line : options_.provenance) preface += line + "\n";
        preface += "Size limits: " +
                   (options_.size_limits.empty() ? std::string() : options_.size_limits + ", ") +
                   "games listed per node " + std::to_string(options_.max_games_listed) + ".\n";
        preface +=
            "How to read a node: its count and share of the previous move, the win rate of " +
            std::string(options_.kind == DictionaryKind::Joseki
                            ? "the player who moved first in the corner"
                            : "Black") +
            ", the years it was played and the lines that end there. Letters on the board mark the "
            "continuations listed in the comment, most frequent first: A is the main line.\n\n";
        text += preface;
    }

    std::string application() const {
        return options_.application.empty() ? std::string("josekic:" JOSEKIC_VERSION)
                                            : options_.application;
    }

    void property(std::string_view id, std::string_view value, ValueKind kind = ValueKind::Simple) {
        out_ += id;
        out_ += '[';
        append_escaped(out_, value, kind);
        out_ += ']';
    }

    std::string_view label(std::size_t index) {
        if (index < kLetters.size())
            return kLetters.substr(index, 1);  // label_for(index), without the table
        return long_label(index);
    }

    std::string_view long_label(std::size_t index) {
        while (labels_.size() <= index) labels_.push_back(label_for(labels_.size()));
        return labels_[index];
    }

    // Writes one node (without the leading newline or '(') and leaves its written children
    // in kept_.
    void write_node(NodeId id) {
        const dictionary::TrieNode& node = trie_.node(id);
        keep_children(id);
        ++counts_.nodes;
        if (node.stats.ends > 0) ++counts_.terminals;

        if (id == kRoot) {
            out_ += ";GM[1]FF[4]CA[UTF-8]"sv;
            property("AP", application());
            out_ += "SZ[19]ST[2]"sv;
            if (!options_.name.empty()) property("GN", options_.name);
        } else {
            TextCursor t(out_, 6);  // ";B[pd]"
            t.put(';');
            t.put(go::sgf_letter(node.move.color));
            t.put('[');
            if (node.move.point) put_point(t, *node.move.point);
            t.put(']');
        }

        // One pass over the written children: their labels and the lines they carry. A
        // node with more children than letters grows labels_ first, as the continuations
        // point into it.
        if (kept_.size() > kLetters.size()) label(kept_.size() - 1);
        continuations_.clear();
        std::size_t next_letter = 0;
        std::uint64_t shown = node.stats.ends;
        for (NodeId c : kept_) {
            const dictionary::TrieNode& child = trie_.node(c);
            continuations_.push_back(
                Continuation{child.move.point ? label(next_letter++) : std::string_view(), c});
            shown += child.stats.count;
        }
        note_.clear();
        hidden_note(id, shown, note_);
        extra_.clear();
        if (options_.extra_comments != nullptr) options_.extra_comments->append(id, extra_);
        // Josekic's own words and numbers need no escaping; names and the extra text are
        // escaped as they are appended, so the comment goes straight into the output
        // without a copy and a scan. A '\r' in the extra text (SGF turns CR LF into one
        // line break) and the root's preface take the general way.
        const bool direct = id != kRoot && extra_.view().find('\r') == std::string_view::npos;
        const NodeCommentInput comment{options_.kind,
                                       &trie_,
                                       id,
                                       continuations_,
                                       note_.view(),
                                       options_.max_games_listed,
                                       extra_.view(),
                                       direct ? CommentText::Escaped : CommentText::Plain,
                                       &statistics_memo_};
        out_ += "C["sv;
        if (direct) {
            append_node_comment(out_, comment);
        } else {
            comment_.clear();
            if (id == kRoot) append_root_preface(comment_);
            append_node_comment(comment_, comment);
            append_escaped(out_, comment_.view());
        }
        out_ += ']';

        // One label per point: children of both colours at one point (possible only in
        // hand-made tries) share the first one's letter on the board. A node with one
        // continuation (most of a large tree) has nothing to share.
        const bool shared_points_possible = continuations_.size() > 1;
        // "LB", then per label "[", the point, ':', the label and ']'.
        std::size_t room = 2;
        for (const Continuation& c : continuations_) room += 5 + c.label.size();
        {
            TextCursor t(out_, room);
            bool any_label = false;
            for (const Continuation& c : continuations_) {
                const auto& point = trie_.node(c.node).move.point;
                if (!point) continue;
                if (shared_points_possible) {
                    bool& labelled = labelled_[static_cast<std::size_t>(point->index())];
                    if (labelled) continue;
                    labelled = true;
                }
                if (!any_label) t.put("LB");
                any_label = true;
                t.put('[');
                put_point(t, *point);
                t.put(':');
                t.put(c.label);  // A..Z only: nothing to escape
                t.put(']');
            }
        }
        if (shared_points_possible) {
            for (const Continuation& c : continuations_) {
                if (const auto& point = trie_.node(c.node).move.point)
                    labelled_[static_cast<std::size_t>(point->index())] = false;
            }
        }

        if (id == kRoot) {
            std::string kind(kind_name(options_.kind));
            kind += ':';
            kind += signed_decimal(kFormatVersion);
            property(kKindProperty, kind);
            if (!options_.provenance.empty()) {
                out_ += kProvenanceProperty;
                for (const std::string& line : options_.provenance) {
                    out_ += '[';
                    append_escaped(out_, line);
                    out_ += ']';
                }
            }
        }
        put_statistics_property(node.stats);
        if (const auto listed = trie_.listed_games(id); !listed.empty()) {
            out_ += kGamesProperty;
            for (dictionary::GameId g : listed) put_game_values(trie_.games()[g]);
        }
    }

    // The statistics property (dictionary_format.hpp). The nodes of a single-game tail,
    // most of a large tree, have the same statistics one after another: a property short
    // enough is remembered and copied for the next node with the same statistics.
    void put_statistics_property(const dictionary::NodeStats& s) {
        constexpr std::size_t kRoom =
            kStatsProperty.size() + 2 + 8 * (kMaxNumberBytes + 1);  // "XS[" 8 numbers ':' ']'
        static_assert(kRoom >= StatisticsPropertyMemo::kMaxBytes);
        TextCursor t(out_, kRoom);
        stats_property_memo_.put(t, s, [&s](TextCursor& c) {
            // Digits and colons need no escaping.
            c.put(kStatsProperty);
            c.put('[');
            const auto count = [&c](std::uint64_t n) {
                c.decimal(n);
                c.put(':');
            };
            count(s.count);
            count(s.ends);
            count(s.first_player_wins);
            count(s.second_player_wins);
            count(s.draws);
            count(s.unknown);
            c.signed_decimal(s.first_year);
            c.put(':');
            c.signed_decimal(s.last_year);
            c.put(']');
        });
    }

    // The values of one game in the games property (dictionary_format.hpp).
    void put_game_values(const dictionary::GameReference& r) {
        const std::array<const std::string*, 5> before_year = {
            &r.black_player, &r.white_player, &r.black_rank, &r.white_rank, &r.date};
        const std::array<const std::string*, 3> after_year = {&r.event, &r.result, &r.source_path};
        // Twice each text (escaping at most doubles it), the brackets and two numbers.
        std::size_t room = 2 * 10 + 2 * kMaxNumberBytes;
        for (const std::string* field : before_year) room += 2 * field->size();
        for (const std::string* field : after_year) room += 2 * field->size();
        TextCursor t(out_, room);
        for (const std::string* field : before_year) {
            t.put('[');
            t.advance_to(put_escaped(t.at(), *field));
            t.put(']');
        }
        t.put('[');
        if (r.year) t.signed_decimal(*r.year);
        t.put(']');
        for (const std::string* field : after_year) {
            t.put('[');
            t.advance_to(put_escaped(t.at(), *field));
            t.put(']');
        }
        t.put('[');
        t.signed_decimal(r.index_in_file);
        t.put(']');
    }

    const Trie& trie_;
    const WriteOptions& options_;
    NodeId only_first_move_;
    const TextSink& sink_;
    WriteCounts counts_;
    TextBuffer out_;                   // the piece of text not yet handed to the sink
    std::vector<NodeId> kept_;         // the children of the node just written
    std::vector<NodeId> pending_;      // the children of the open branch points
    std::vector<std::string> labels_;  // label_for(i), made once
    std::vector<Continuation> continuations_;
    TextBuffer note_;
    TextBuffer extra_;  // the extra text of the node being written
    TextBuffer comment_;
    StatisticsMemo statistics_memo_;  // the statistics lines of the last comment, for the next
    StatisticsPropertyMemo
        stats_property_memo_;  // the last node's statistics property, for the next
    std::array<bool, go::kNumPoints> labelled_{};
    EmitHelpers::Board board_;   // parts, when helpers may take some
    std::size_t next_part_ = 0;  // the next part the writer reaches
    bool in_part_ = false;       // writing a part: no part starts inside it
    WriteOptions part_options_;  // options_ without helpers, for the helpers' writers
};

WrittenDictionary collect(const Trie& trie, NodeId first_move, const WriteOptions& options) {
    WrittenDictionary written;
    const WriteCounts counts =
        Writer(trie, options, first_move, [&written](std::string_view piece) {
            written.text += piece;
        }).write();
    written.nodes = counts.nodes;
    written.terminals = counts.terminals;
    return written;
}

}  // namespace

WriteCounts write_dictionary(const Trie& trie, const WriteOptions& options, const TextSink& sink) {
    return Writer(trie, options, kNoNode, sink).write();
}

WriteCounts write_dictionary_part(const Trie& trie, NodeId first_move, const WriteOptions& options,
                                  const TextSink& sink) {
    return Writer(trie, options, first_move, sink).write();
}

WrittenDictionary write_dictionary(const Trie& trie, const WriteOptions& options) {
    return collect(trie, kNoNode, options);
}

WrittenDictionary write_dictionary_part(const Trie& trie, NodeId first_move,
                                        const WriteOptions& options) {
    return collect(trie, first_move, options);
}

}  // namespace josekic::emit
