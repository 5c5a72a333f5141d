#include "index/year_counts.hpp"

#include <limits>
#include <vector>

namespace josekic::index {

std::map<int, std::uint64_t> year_counts(const IndexFile& index, Tree tree, std::uint32_t node,
                                         const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    const std::uint32_t first = view.node(node).lines_begin;
    const std::uint32_t last = view.node(view.node(node).subtree_end).lines_begin;
    if (last < first) throw IndexError(index.path() + ": the index is damaged (bad line range)");
    // A counter for every possible year (256 kB): the root's millions of lines are counted
    // without a search per line, which took most of /api/trends' time.
    constexpr int kLowest = std::numeric_limits<std::int16_t>::min();
    std::vector<std::uint32_t> per_year(std::size_t{1} << 16, 0);
    view.for_each_line(first, last, [&](std::uint32_t, const LineRecord& line) {
        if (selection == nullptr || selection->contains(line)) ++per_year[line.year - kLowest];
    });
    std::map<int, std::uint64_t> counts;
    for (std::size_t i = 0; i < per_year.size(); ++i)
        if (per_year[i] != 0) counts.emplace(static_cast<int>(i) + kLowest, per_year[i]);
    return counts;
}

}  // namespace josekic::index
