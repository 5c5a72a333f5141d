#pragma once

#include <string>

#include "compiler/dictionary/dictionary_graph.hpp"

namespace josekic::compile {

/// The transposition sentence of a node's comment ("also reached by 2 other move orders
/// ..."), or an empty string when the node's position has no other move order. Shared by
/// `compile` and `prune`, so that both write the same comments.
std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node);

}  // namespace josekic::compile
