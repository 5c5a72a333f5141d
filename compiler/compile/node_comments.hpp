#pragma once

#include <string>
#include <vector>

#include "core/dictionary/dictionary_graph.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/extra_comment.hpp"
#include "emit/text_buffer.hpp"
#include "reference/annotate.hpp"
#include "reference/reference_index.hpp"

namespace josekic::compile {

/// Appends the transposition sentence of a node's comment ("Transposition: this position
/// is also reached by 2 other move orders ...") to `out`; nothing when the node's position
/// has no other move order. A tenuki in the move order it names is written as `kind` writes
/// it (emit::pass_text).
void append_transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node,
                                  emit::DictionaryKind kind, emit::TextBuffer& out);

/// The text josekic adds to a node's statistics (for WriteOptions::extra_comments): its
/// transpositions and, when `references` is given (joseki only), what each reference
/// dictionary says of it. Shared by `compile` and `prune`, so that both write the same
/// comments. `graph` (with the trie it was built from) and `references` must outlive it.
/// Safe to use from several threads.
class NodeComments final : public emit::ExtraComment {
  public:
    NodeComments(const dictionary::DictionaryGraph& graph, const reference::Annotations* references,
                 emit::DictionaryKind kind)
        : graph_(&graph), references_(references), kind_(kind) {}

    /// Appends the node's transposition sentence and reference notes, one per line.
    void append(dictionary::NodeId node, emit::TextBuffer& out) const override;

  private:
    // append() when there are references: their notes go on a line of their own after the
    // transposition sentence.
    void append_with_references(dictionary::NodeId node, emit::TextBuffer& out) const;

    const dictionary::DictionaryGraph* graph_;
    const reference::Annotations* references_;
    emit::DictionaryKind kind_;
};

/// Loads every --reference [NAME=]FILE|DIR argument; throws std::runtime_error naming the
/// argument when one cannot be used. Diagnostics of the reference files go to `sink`.
std::vector<reference::ReferenceIndex> load_references(const std::vector<std::string>& arguments,
                                                       diag::DiagnosticSink& sink);

}  // namespace josekic::compile
