#include "index/lookup.hpp"

#include "index/position_keys.hpp"

namespace josekic::index {

LookupResult lookup(const IndexFile& index, Tree tree, const QueryLine& query, std::size_t games) {
    const TreeView& view = index.tree(tree);
    LookupResult r;
    r.tree = tree;
    r.query = query;
    const Walk w = walk(view, query.canonical);
    r.matched = w.matched();
    r.last_known = w.path.back();
    if (r.matched == query.canonical.size()) {
        r.node = r.last_known;
        r.stats = node_stats(index, tree, *r.node);
        if (w.path.size() >= 2)
            r.parent_count = node_stats(index, tree, w.path[w.path.size() - 2]).count;
        for (const GameAt& g : recent_games(view, *r.node, games)) {
            // A fuseki line starts at move 1, so a node's move number is its depth; a joseki
            // line's moves are spread over the game and the index keeps the number of each.
            const std::uint32_t number = tree == Tree::Fuseki
                                             ? static_cast<std::uint32_t>(r.matched)
                                             : view.move_number(g.line, query.canonical);
            r.games.push_back(GameFacts{index.game(g.game), number});
        }
    }
    // The position is looked up whether or not this move order is in the dictionary: another
    // order may reach it.
    PositionKeyer keyer(tree);
    for (const go::Move& m : query.canonical) keyer.play(m);
    r.position = position_totals(index, tree, keyer);
    for (std::uint32_t child : children(view, r.last_known)) {
        const go::Move canonical = node_move(view, child);
        r.continuations.push_back(ContinuationFacts{query.in_query_frame(canonical), canonical,
                                                    child, node_stats(index, tree, child)});
    }
    return r;
}

}  // namespace josekic::index
