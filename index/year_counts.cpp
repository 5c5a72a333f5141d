#include "index/year_counts.hpp"

namespace josekic::index {

std::map<int, std::uint64_t> year_counts(const IndexFile& index, Tree tree, std::uint32_t node,
                                         const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    const std::uint32_t first = view.node(node).lines_begin;
    const std::uint32_t last = view.node(view.node(node).subtree_end).lines_begin;
    if (last < first) throw IndexError(index.path() + ": the index is damaged (bad line range)");
    std::map<int, std::uint64_t> counts;
    view.for_each_line(first, last, [&](std::uint32_t, const LineRecord& line) {
        if (selection == nullptr || selection->contains(line)) ++counts[line.year];
    });
    return counts;
}

}  // namespace josekic::index
