#pragma once

#include <vector>

#include "core/dictionary/trie.hpp"

namespace josekic::prune {

/// A copy of `in` (sharing its GameTable) holding the root and the children each call of
/// `choose(from, depth, sorted_children, kept)` keeps: given a copied node `from` of `in`,
/// `depth` moves from the root, and its children in output order, it appends the ones to
/// copy to `kept`, in output order. Nodes are copied parents first, depth first in output
/// order, so the copy's node ids depend on the kept contents alone; statistics and listed
/// games are copied unchanged.
template <typename Choose>
dictionary::Trie copy_kept(const dictionary::Trie& in, Choose choose) {
    using dictionary::kRoot;
    using dictionary::NodeId;
    dictionary::Trie out(in.shared_games(), in.options());
    out.set_stats(kRoot, in.stats(kRoot));
    out.set_listed_games(kRoot, in.listed_games(kRoot));
    struct Pending {
        NodeId from;
        NodeId to;
        std::size_t depth;
    };
    std::vector<Pending> stack{{kRoot, kRoot, 0}};
    std::vector<NodeId> children;
    std::vector<NodeId> kept;
    while (!stack.empty()) {
        const Pending at = stack.back();
        stack.pop_back();
        in.sorted_children(at.from, children);
        kept.clear();
        choose(at.from, at.depth, children, kept);
        // add_child prepends, so adding in reverse leaves the sibling list in output order;
        // the reverse order is also what a stack wants for a walk in output order. The
        // children of a node are distinct, so nothing needs looking up.
        for (auto it = kept.rbegin(); it != kept.rend(); ++it) {
            const NodeId copy = out.add_child(at.to, in.move(*it));
            out.set_stats(copy, in.stats(*it));
            out.set_listed_games(copy, in.listed_games(*it));
            stack.push_back(Pending{*it, copy, at.depth + 1});
        }
    }
    return out;
}

}  // namespace josekic::prune
