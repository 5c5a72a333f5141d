#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/dictionary/block_vector.hpp"

namespace josekic::dictionary {

/// The parent and next-sibling links of a tree's nodes, numbered in creation order, stored
/// only where they say something. A line added to a trie makes a chain of new nodes, each
/// the only child of the node made just before it: its parent is the id before its own and
/// it has no next sibling, now and later (a new sibling goes first in the list, so the links
/// of a node never change). Only the other nodes, the heads of chains, store their links:
/// a tenth of the nodes of a large trie.
class ChainLinks {
  public:
    using Id = std::uint32_t;
    static constexpr Id kNone = std::numeric_limits<Id>::max();

    /// The links of the next node, whose id is size().
    void push_back(Id parent, Id next_sibling) {
        const std::size_t id = size_++;
        if ((id & kWordMask) == 0)
            words_.push_back(Word{0, static_cast<std::uint32_t>(heads_.size())});
        if (parent == static_cast<Id>(id - 1) && next_sibling == kNone) return;
        words_.back().heads |= std::uint64_t{1} << (id & kWordMask);
        heads_.push_back(Links{parent, next_sibling});
    }
    Id parent(Id id) const {
        const Links* links = head(id);
        return links != nullptr ? links->parent : id - 1;
    }
    Id next_sibling(Id id) const {
        const Links* links = head(id);
        return links != nullptr ? links->next_sibling : kNone;
    }
    std::size_t size() const { return size_; }
    /// Nodes that store their links.
    std::size_t heads() const { return heads_.size(); }

  private:
    struct Links {
        Id parent;
        Id next_sibling;
    };
    /// The nodes of 64 ids that store their links (a bit each), and how many before them do:
    /// a head's links are found by counting, without an index per node.
    struct Word {
        std::uint64_t heads;
        std::uint32_t heads_before;
    };
    static constexpr std::size_t kWordMask = 63;

    const Links* head(Id id) const {
        const Word& word = words_[id >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (id & kWordMask);
        if ((word.heads & bit) == 0) return nullptr;
        return &heads_[word.heads_before + std::popcount(word.heads & (bit - 1))];
    }

    std::vector<Word> words_;
    BlockVector<Links> heads_;  // in id order
    std::size_t size_ = 0;
};

}  // namespace josekic::dictionary
