#pragma once

#include <string>

#include "compiler/compile/node_comments.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "emit/text_buffer.hpp"

namespace josekic::test_support {

/// The transposition sentence of `node` as a string (compile::append_transposition_comment
/// into a buffer of its own, as a dictionary of `kind` writes it); empty when the node's
/// position has no other move order.
inline std::string transposition_comment(const dictionary::DictionaryGraph& graph,
                                         dictionary::NodeId node,
                                         emit::DictionaryKind kind = emit::DictionaryKind::Joseki) {
    emit::TextBuffer out;
    compile::append_transposition_comment(graph, node, kind, out);
    return std::string(out.view());
}

}  // namespace josekic::test_support
