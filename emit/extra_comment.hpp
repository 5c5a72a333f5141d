#pragma once

#include "core/dictionary/trie.hpp"
#include "emit/text_buffer.hpp"

namespace josekic::emit {

/// Extra text for the comments of a dictionary's nodes (compile and prune: a node's
/// transpositions and what the reference dictionaries say of it), written into the
/// writer's own buffer: no string and no std::function call per node.
class ExtraComment {
  public:
    /// Appends the extra text of `node` to `out` (plain text: the writer escapes it), or
    /// nothing when the node has none. Called once per written node, in output order, and
    /// from several threads at once when WriteOptions::helpers is set.
    virtual void append(dictionary::NodeId node, TextBuffer& out) const = 0;

  protected:
    ExtraComment() = default;
    ExtraComment(const ExtraComment&) = default;
    ExtraComment& operator=(const ExtraComment&) = default;
    ~ExtraComment() = default;
};

}  // namespace josekic::emit
