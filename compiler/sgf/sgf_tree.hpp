#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diag/diagnostic.hpp"

namespace josekic::sgf {

/// One property of a node, e.g. AB[dd][pp]. `id` is the canonical upper-case identifier
/// (old long lower-case names such as "AddBlack" are reduced to their capitals, "AB").
/// Values have escapes resolved and soft line breaks removed, but are still bytes in the
/// file's charset: decode them with charset.hpp.
struct SgfProperty {
    std::string id;
    std::vector<std::string> values;
    diag::SourceLocation where;                  ///< of the identifier
    std::vector<diag::SourceLocation> value_at;  ///< of each value's first byte
};

using SgfNodeId = std::uint32_t;
inline constexpr SgfNodeId kNoSgfNode = 0xFFFFFFFFu;

/// A node of a game tree, linked to its relatives by index into SgfTree::nodes.
struct SgfNode {
    std::vector<SgfProperty> properties;
    diag::SourceLocation where;  ///< of the ';'
    SgfNodeId parent = kNoSgfNode;
    SgfNodeId first_child = kNoSgfNode;  ///< the main line continues through first_child
    SgfNodeId next_sibling = kNoSgfNode;

    /// The first property with this id, or nullptr.
    const SgfProperty* find(std::string_view id) const;
};

/// One game tree of a collection; nodes[0] is the root node.
struct SgfTree {
    std::vector<SgfNode> nodes;
    diag::SourceLocation where;  ///< of the '(', or of the first ';' when the '(' is missing
};

/// Parses every game tree of an SGF collection without recursion (trees of any depth are
/// safe). Damage is reported to `sink` with its line and column and repaired where the
/// intent is clear (text before the first '(', a file that starts with a node but lost its
/// first '(', a stray ')', a missing final ')', an unterminated value at end of file); a
/// tree that cannot be recovered is dropped.
std::vector<SgfTree> parse_collection(std::string_view bytes, std::string_view path, diag::DiagnosticSink& sink);

}  // namespace josekic::sgf
