#pragma once

// Lays reference dictionaries over josekic's joseki trie: which nodes each reference knows,
// where a line leaves it, and the comment text that says so.

#include <cstdint>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "reference/reference_index.hpp"

namespace josekic::reference {

/// Where one trie node stands in one reference.
struct Place {
    /// The reference node of the deepest known ancestor-or-self (kRefRoot when even the first
    /// move is unknown). The node itself is known when book_depth equals its own depth.
    RefNodeId book_node = kRefRoot;
    std::uint32_t book_depth = 0;  ///< depth of book_node: moves of the line the reference knows
};

/// The result of annotate(): for every trie node and every reference, its Place.
class Annotations {
  public:
    Annotations() = default;
    Annotations(std::vector<ReferenceIndex> references, std::size_t trie_size);

    const std::vector<ReferenceIndex>& references() const { return references_; }
    std::size_t trie_size() const { return depths_.size(); }
    /// Moves from the trie's root to `node`.
    std::uint32_t depth(dictionary::NodeId node) const { return depths_[node]; }
    const Place& place(dictionary::NodeId node, std::size_t reference) const {
        return places_[node * references_.size() + reference];
    }
    /// Whether reference number `reference` contains the line to `node` (the root always).
    bool known(dictionary::NodeId node, std::size_t reference) const {
        return place(node, reference).book_depth == depths_[node];
    }
    /// What the reference says at the node it knows (only when known()).
    const NodeAnnotation& annotation(dictionary::NodeId node, std::size_t reference) const;

    Place& mutable_place(dictionary::NodeId node, std::size_t reference) {
        return places_[node * references_.size() + reference];
    }
    std::vector<std::uint32_t>& mutable_depths() { return depths_; }

  private:
    std::vector<ReferenceIndex> references_;
    std::vector<std::uint32_t> depths_;
    std::vector<Place> places_;  // node-major: places_[node * references + reference]
};

/// Matches every node of `trie` (a joseki trie: canonical corner sequences) against each
/// reference. The references are copied into the result, which is self-contained.
Annotations annotate(const dictionary::Trie& trie, const std::vector<ReferenceIndex>& references);

/// The text to add to `node`'s comment, one line per reference that has something to say,
/// or "" (for the extra comments of the writer, emit::ExtraComment; chain it with other text):
/// - a known node: "Known in kogo (move 5): mistake: “not joseki”";
/// - the first unknown node of a line: "Not in kogo: the line leaves it here, at move 6";
/// - a node where lines end, beyond the book: "As in kogo: good: “…”, move 7; then left the book".
/// `trie` must be the trie `annotations` were made from.
std::string comment_for(const Annotations& annotations, const dictionary::Trie& trie,
                        dictionary::NodeId node);

}  // namespace josekic::reference
