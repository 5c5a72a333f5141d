#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "compiler/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/text_buffer.hpp"

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

/// The statistics lines that start the comment written last (count, share, wins, years,
/// lines ending there) and what they were made from, so that the next node with the same
/// numbers copies them instead of formatting them again: along a single-game tail, most
/// of a large tree, every node says "Played 1 time (100.0% of 1)." and the same wins and
/// years. One per writer (not shared between threads); it starts empty.
class StatisticsMemo {
public:
    /// What the statistics lines of a node are made from.
    struct Key {
        dictionary::NodeStats stats;
        std::uint64_t parent_count = 0;  ///< 0 for the root
        std::uint8_t form = 0;           ///< the kind, whether the node is the root, a tenuki and its colour
        friend bool operator==(const Key&, const Key&) = default;
    };
    /// Lines longer than this are not remembered.
    static constexpr std::size_t kMaxBytes = 160;

    /// The length of the remembered lines when they were made from `key`, else 0.
    std::size_t size_for(const Key& key) const { return size_ > 0 && key == key_ ? size_ : 0; }
    /// The remembered lines, padded to kMaxBytes.
    const char* padded_text() const { return text_.data(); }
    /// Remembers the `size` bytes at `text` as the lines of `key`; the kMaxBytes bytes at
    /// `text` must be readable (they are copied in fixed moves).
    void remember(const Key& key, const char* text, std::size_t size) {
        key_ = key;
        size_ = size <= kMaxBytes ? size : 0;
        if (size_ > 0) std::memcpy(text_.data(), text, kMaxBytes);
    }

private:
    Key key_;
    std::array<char, kMaxBytes> text_{};
    std::size_t size_ = 0;  // 0: nothing remembered
};

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
    std::string_view extra;                       ///< e.g. transpositions; empty for none
    /// Escaped: text from the games and `extra` are SGF-escaped as they are appended (they
    /// must not hold '\r'), so the comment goes straight into an SGF value.
    CommentText text = CommentText::Plain;
    /// Where the statistics lines of the last comment are kept for the next, or nullptr to
    /// format them every time. The text is the same either way.
    StatisticsMemo* memo = nullptr;
};

/// Appends the comment text of a node (unescaped unless `input.text` says Escaped) to `out`.
void append_node_comment(TextBuffer& out, const NodeCommentInput& input);

/// The comment text of a node, unescaped: append_node_comment into a new string.
std::string node_comment(const NodeCommentInput& input);

/// 1234567 -> "1,234,567".
std::string with_thousands(std::uint64_t n);
/// part of whole as a percentage with one decimal, "65.8%"; "-" when whole is 0.
std::string percent(std::uint64_t part, std::uint64_t whole);

}  // namespace josekic::emit
