#pragma once

#include <functional>
#include <string>
#include <vector>

#include "compiler/dictionary/dictionary_graph.hpp"
#include "compiler/reference/annotate.hpp"
#include "compiler/reference/reference_index.hpp"

namespace josekic::compile {

/// The transposition sentence of a node's comment ("also reached by 2 other move orders
/// ..."), or an empty string when the node's position has no other move order.
std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node);

/// transposition_comment appended to `out` (nothing when there is none).
void append_transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node, std::string& out);

/// The text josekic adds to a node's statistics, appended to the writer's buffer (for
/// WriteOptions::append_extra_comment): its transpositions and, when `references` is given
/// (joseki only), what each reference dictionary says of it. Shared by `compile` and
/// `prune`, so that both write the same comments. `graph`, `trie` and `references` must
/// outlive the returned function. Safe to call from several threads.
std::function<void(dictionary::NodeId, std::string&)> append_node_comments(const dictionary::DictionaryGraph& graph,
                                                                         const dictionary::Trie& trie,
                                                                         const reference::Annotations* references);

/// Loads every --reference [NAME=]FILE|DIR argument; throws std::runtime_error naming the
/// argument when one cannot be used. Diagnostics of the reference files go to `sink`.
std::vector<reference::ReferenceIndex> load_references(const std::vector<std::string>& arguments,
                                                       diag::DiagnosticSink& sink);

}  // namespace josekic::compile
