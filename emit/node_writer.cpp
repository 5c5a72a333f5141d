#include "emit/node_writer.hpp"

#include <array>
#include <string>

#include "emit/decimal_text.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/private_properties.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_cursor.hpp"

namespace josekic::emit {

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;
using namespace std::string_view_literals;

namespace {

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

// A root's setup stones: "AB[pd][dp]"; nothing when there are none.
void setup_stones(TextBuffer& out, std::string_view id, const std::vector<go::Point>& stones) {
    if (stones.empty()) return;
    out += id;
    for (const go::Point p : stones) {
        TextCursor t(out, 4);  // "[dd]"
        t.put('[');
        put_point(t, p);
        t.put(']');
    }
}

}  // namespace

NodeWriter::NodeWriter(const dictionary::Trie& trie, const WriteOptions& options,
                       dictionary::NodeId only_first_move, TextBuffer& out)
    : trie_(trie), options_(options), only_first_move_(only_first_move), out_(out) {}

void NodeWriter::write(NodeId id, std::span<const NodeId> children) {
    const dictionary::TrieNode& node = trie_.node(id);

    if (id == kRoot) {
        out_ += ";GM[1]FF[4]CA[UTF-8]"sv;
        property("AP", application());
        out_ += "SZ[19]ST[2]"sv;
        if (!options_.compile_id.empty()) {
            out_ += kCompileIdProperty;
            out_ += '[';
            compile_id_position_ = out_.size();
            append_escaped(out_, options_.compile_id);
            out_ += ']';
        }
        setup_stones(out_, "AB", options_.setup.black);
        setup_stones(out_, "AW", options_.setup.white);
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
    if (children.size() > kLetters.size()) label(children.size() - 1);
    continuations_.clear();
    std::size_t next_letter = 0;
    std::uint64_t shown = node.stats.ends;
    for (NodeId c : children) {
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
                                   &statistics_memo_,
                                   options_.side};
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
        put_root_properties(out_, options_.kind, options_.provenance);
        if (options_.side != nullptr) put_eras_property(out_, options_.side->eras());
    }
    statistics_property_.put(out_, node.stats);
    if (options_.side != nullptr && dictionary::SideStats::kept(node)) {
        if (const std::optional<dictionary::SideCounts> counts = options_.side->find(id))
            put_side_property(out_, *counts, options_.side->eras());
    }
    put_games_property(out_, trie_.games(),
                       games_shown(trie_.listed_games(id), options_.max_games_listed));
}

// Computed from the statistics alone (lines through the node that neither end there
// nor continue into a written child: `shown` is the sum of those two), so that a
// dictionary read back from a cut file says the same as the file it came from.
void NodeWriter::hidden_note(NodeId node, std::uint64_t shown, TextBuffer& note) const {
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
    note += "Not shown: "sv;
    note += thousands(hidden);
    note += hidden == 1 ? " rarer line"sv : " rarer lines"sv;
    if (options_.cut_lines == CutLines::InIndex)
        note += "; josekic lookup has them."sv;
    else
        note += " (size limits)."sv;
}

// Once per file, so written for reading rather than speed.
void NodeWriter::append_root_preface(TextBuffer& text) const {
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
        " with its 95% interval in brackets (\"above/below the rest\": beyond noise, p < 1%, "
        "against the other lines of the previous move), the years it was played and the lines "
        "that end there. Letters on the board mark the "
        "continuations listed in the comment, most frequent first: A is the main line.\n\n";
    text += preface;
}

std::string NodeWriter::application() const {
    return options_.application.empty() ? std::string("josekic:" JOSEKIC_VERSION)
                                        : options_.application;
}

void NodeWriter::property(std::string_view id, std::string_view value, ValueKind kind) {
    out_ += id;
    out_ += '[';
    append_escaped(out_, value, kind);
    out_ += ']';
}

std::string_view NodeWriter::label(std::size_t index) {
    if (index < kLetters.size())
        return kLetters.substr(index, 1);  // label_for(index), without the table
    return long_label(index);
}

std::string_view NodeWriter::long_label(std::size_t index) {
    while (labels_.size() <= index) labels_.push_back(label_for(labels_.size()));
    return labels_[index];
}

}  // namespace josekic::emit
