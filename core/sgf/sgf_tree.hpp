#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"

namespace josekic::sgf {

/// One property of a node, e.g. AB[dd][pp]. `id` is the canonical upper-case identifier
/// (old long lower-case names such as "AddBlack" are reduced to their capitals, "AB").
/// Values have escapes resolved and soft line breaks removed, but are still bytes in the
/// file's charset: decode them with charset.hpp.
///
/// Every view and span points either into the text given to parse_collection() or into
/// storage owned by the SgfTree holding this property: both must outlive it.
struct SgfProperty {
    std::string_view id;                             ///< canonical, e.g. "AB"; never empty
    std::span<const std::string_view> values;        ///< at least one
    diag::SourceLocation where;                      ///< of the identifier
    std::span<const diag::SourceLocation> value_at;  ///< of each value's first byte
};

using SgfNodeId = std::uint32_t;
inline constexpr SgfNodeId kNoSgfNode = 0xFFFFFFFFu;

/// A node of a game tree, linked to its relatives by index into SgfTree::nodes. Its
/// properties live in the tree that holds it.
struct SgfNode {
    std::span<const SgfProperty> properties;
    diag::SourceLocation where;  ///< of the ';'
    SgfNodeId parent = kNoSgfNode;
    SgfNodeId first_child = kNoSgfNode;  ///< the main line continues through first_child
    SgfNodeId next_sibling = kNoSgfNode;

    /// The first property with this id, or nullptr.
    const SgfProperty* find(std::string_view id) const;
};

/// Fills an SgfTree's storage while parse_collection() reads it (sgf_tree.cpp only).
class TreeBuilder;

/// One game tree of a collection; nodes[0] is the root node.
///
/// The tree is flat: its nodes, their properties, the values and the values' locations
/// are four arrays in one block the tree owns, and a node or property refers to its part
/// of the next array by span. Values without escapes are views into the parsed text; the
/// others (and identifiers spelled in old mixed case) are kept in further blocks the tree
/// owns. No block ever moves, so the tree can be moved (the spans stay valid) but not
/// copied; the text given to parse_collection() must outlive it.
class SgfTree {
  public:
    SgfTree() = default;
    SgfTree(SgfTree&&) noexcept = default;
    SgfTree& operator=(SgfTree&&) noexcept = default;
    SgfTree(const SgfTree&) = delete;
    SgfTree& operator=(const SgfTree&) = delete;
    ~SgfTree() = default;

    std::span<const SgfNode> nodes;  ///< in file order: a parent comes before its children
    diag::SourceLocation where;      ///< of the '(', or of the first ';' when the '(' is missing

  private:
    friend  /// Fills an SgfTree's storage while parse_collection() reads it (sgf_tree.cpp only).
        class TreeBuilder;
    std::unique_ptr<std::byte[]> arrays_;              // nodes, properties, values, locations
    std::vector<std::unique_ptr<char[]>> owned_text_;  // unescaped values, mixed-case ids
};

/// Parses every game tree of an SGF collection without recursion (trees of any depth are
/// safe). Damage is reported to `sink` with its line and column and repaired where the
/// intent is clear (text before the first '(', a file that starts with a node but lost its
/// first '(', a stray ')', a missing final ')', an unterminated value at end of file); a
/// tree that cannot be recovered is dropped. The trees view into `bytes`, which must
/// outlive them.
std::vector<SgfTree> parse_collection(std::string_view bytes, std::string_view path,
                                      diag::DiagnosticSink& sink);

/// A place in a file's text: its byte offset, and its line and column.
struct TextPlace {
    std::size_t offset = 0;
    diag::SourceLocation where;
};

/// What parse_collection_with() hands the trees of a collection to, one at a time in file
/// order, so that a large collection is never held whole as trees.
class TreeReceiver {
  public:
    virtual ~TreeReceiver() = default;
    /// Offered every tree that starts with "(;" before the parser reads it. Returns the
    /// place just past the tree's ')' when the receiver read the tree itself, as the parser
    /// would have read it without a word; nullopt leaves it to the parser.
    virtual std::optional<TextPlace> take(const TextPlace& tree_start) = 0;
    /// A tree the parser read.
    virtual void receive(SgfTree&& tree) = 0;
};

/// parse_collection(), with every tree offered to `receiver` first and handed to it as
/// soon as it is read: the same repairs and diagnostics (trees taken count as trees).
void parse_collection_with(std::string_view bytes, std::string_view path,
                           diag::DiagnosticSink& sink, TreeReceiver& receiver);

/// A temporary string would die before the trees that view into it: keep the text in a
/// variable that outlives them.
std::vector<SgfTree> parse_collection(std::string&& bytes, std::string_view path,
                                      diag::DiagnosticSink& sink) = delete;

/// A NUL-terminated text, such as a literal (which lives as long as the program).
inline std::vector<SgfTree> parse_collection(const char* bytes, std::string_view path,
                                             diag::DiagnosticSink& sink) {
    return parse_collection(std::string_view(bytes), path, sink);
}

}  // namespace josekic::sgf
