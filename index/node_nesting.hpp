#pragma once

// The one check that a tree's node section is well formed, record by record in preorder, for
// `lookup --verify` (TreeView::verify_records) and for a merge reading a part's trees
// (compiler/compile/loaded_tree.cpp), which must refuse what verify refuses.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "index/index_format.hpp"

namespace josekic::index {

/// Follows the node records of a tree (NodeRecord: each subtree inside its parent's, the
/// root's the whole tree; the nodes' lines beginning at 0 and counting up; a sentinel after
/// the last node with the total of lines) and says where they break it. Inline: a merge
/// checks every node of its parts.
class NodeNesting {
  public:
    NodeNesting(std::uint64_t node_count, std::uint64_t line_count)
        : node_count_(node_count), line_count_(line_count) {}

    /// The record of the next node (the root first): how many of the subtrees open before it
    /// end before it (the nodes a walk leaves, innermost first), or nullopt when it is out of
    /// place (its subtree outside its parent's, its lines before the previous node's or past
    /// the last line, or a node after the root's subtree).
    std::optional<std::size_t> enter(const NodeRecord& record) {
        const std::uint64_t i = next_;
        std::size_t left = 0;
        while (!open_ends_.empty() && i >= open_ends_.back()) {
            open_ends_.pop_back();
            ++left;
        }
        const std::uint64_t limit = open_ends_.empty() ? node_count_ : open_ends_.back();
        if (i >= node_count_ || (i == 0) != open_ends_.empty() || record.subtree_end <= i ||
            record.subtree_end > limit || (i == 0 && record.subtree_end != node_count_)) {
            problem_ = "has a bad subtree";
            return std::nullopt;
        }
        if (record.lines_begin < lines_begin_ || record.lines_begin > line_count_ ||
            (i == 0 && record.lines_begin != 0)) {
            problem_ = "has bad lines";
            return std::nullopt;
        }
        lines_begin_ = record.lines_begin;
        open_ends_.push_back(record.subtree_end);
        ++next_;
        return left;
    }

    /// Whether the lines of the node entered last may end at `end`, the next record's first
    /// line, as enter() will check it: not before they begin, not past the last line. For a
    /// reader that takes a node's lines before it enters the next node.
    bool lines_may_end_at(std::uint64_t end) const {
        return end >= lines_begin_ && end <= line_count_;
    }

    /// Whether `sentinel`, the record after the last node, ends the tree: every node was
    /// entered and it holds the total of lines.
    bool ends(const NodeRecord& sentinel) const {
        return next_ == node_count_ && sentinel.subtree_end == node_count_ &&
               sentinel.lines_begin == line_count_ && sentinel.lines_begin >= lines_begin_;
    }

    /// What was wrong with the record enter() refused last ("has a bad subtree", "has bad
    /// lines"), to follow "node N".
    const char* problem() const { return problem_; }

    /// The subtrees still open (the root's and those on the path to the last node entered).
    std::size_t depth() const { return open_ends_.size(); }

  private:
    std::uint64_t node_count_;
    std::uint64_t line_count_;
    std::uint64_t next_ = 0;
    std::uint64_t lines_begin_ = 0;
    std::vector<std::uint64_t> open_ends_;
    const char* problem_ = "";
};

}  // namespace josekic::index
