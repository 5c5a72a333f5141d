#pragma once

// The SGF text of one node of a dictionary: the move, the comment, the labels of the
// continuations and the machine-readable properties (dictionary_writer.hpp describes the
// layout, dictionary_format.hpp the properties).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "emit/node_comment.hpp"
#include "emit/private_properties.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_buffer.hpp"
#include "emit/text_memo.hpp"

namespace josekic::emit {

/// Writes single nodes of one dictionary at the end of a TextBuffer. This runs once per
/// written node, so the per-node state lives in buffers reused from node to node (labels,
/// continuations, the comment being built, the memos of the last statistics) instead of
/// strings and vectors made and freed for every node. One per writer: not shared between
/// threads. `trie`, `options` and `out` must outlive it.
class NodeWriter {
  public:
    /// `only_first_move`: the root child of one file of a --split dictionary, or kNoNode.
    NodeWriter(const dictionary::Trie& trie, const WriteOptions& options,
               dictionary::NodeId only_first_move, TextBuffer& out);
    NodeWriter(const NodeWriter&) = delete;
    NodeWriter& operator=(const NodeWriter&) = delete;

    /// Appends node `id` from its ';' to its last property (no leading newline or '('),
    /// given its written children in output order.
    void write(dictionary::NodeId id, std::span<const dictionary::NodeId> children);

    /// Where in `out` the root's compile id (XI value) began, when the root written last had
    /// one.
    std::optional<std::size_t> compile_id_position() const { return compile_id_position_; }

  private:
    void hidden_note(dictionary::NodeId node, std::uint64_t shown, TextBuffer& note) const;
    void append_root_preface(TextBuffer& text) const;
    std::string application() const;
    void property(std::string_view id, std::string_view value, ValueKind kind = ValueKind::Simple);
    std::string_view label(std::size_t index);
    std::string_view long_label(std::size_t index);

    const dictionary::Trie& trie_;
    const WriteOptions& options_;
    dictionary::NodeId only_first_move_;
    TextBuffer& out_;
    std::vector<std::string> labels_;  // label_for(i), made once
    std::vector<Continuation> continuations_;
    TextBuffer note_;
    TextBuffer extra_;  // the extra text of the node being written
    TextBuffer comment_;
    StatisticsMemo statistics_memo_;  // the statistics lines of the last comment, for the next
    StatisticsProperty statistics_property_;  // remembers the last node's statistics property
    std::array<bool, go::kNumPoints> labelled_{};
    std::optional<std::size_t> compile_id_position_;
};

}  // namespace josekic::emit
