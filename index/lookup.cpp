#include "index/lookup.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

#include "index/position_keys.hpp"

namespace josekic::index {

std::string first_player_name(Tree tree, const QueryLine& query) {
    if (tree == Tree::Fuseki) return "Black";
    return std::string(query.colours_swapped ? "White" : "Black") + " (first in the corner)";
}

namespace {

// The walk of `line` in `tree`, cut where no selected game goes on: a node no selected game
// reaches is not in the filtered dictionary (counts only shrink along a line).
Walk selected_walk(const IndexFile& index, Tree tree, const QueryLine& line,
                   const GameSelection* selection) {
    Walk w = walk(index.tree(tree), line.canonical);
    if (selection != nullptr) {
        while (w.path.size() > 1 && node_stats(index, tree, w.path.back(), selection).count == 0)
            w.path.pop_back();
    }
    return w;
}

}  // namespace

LookupResult lookup(const IndexFile& index, Tree tree, const QueryLine& typed, std::size_t games,
                    const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    // Of the views of a line in an overlap (QueryLine::other_views), the one the dictionary
    // follows furthest, then the one played most there, then the first in the dictionary's
    // move order: the same in every orientation the line is typed in (each gives the same
    // views). A line typed as the dictionary writes it, and there, is that line.
    // How far the dictionary follows a view, how often it was played there, and its moves
    // negated: the greatest ranks first.
    const auto rank = [&](const Walk& walked, const QueryLine& line) {
        std::vector<int> keys;
        for (const go::Move& m : line.canonical) keys.push_back(-dictionary::move_order_key(m));
        return std::tuple(walked.matched(), node_count(index, tree, walked.path.back(), selection),
                          std::move(keys));
    };
    const QueryLine* chosen = &typed;
    Walk w = selected_walk(index, tree, typed, selection);
    const bool written_there =
        typed.canonical == typed.played && w.matched() == typed.canonical.size();
    if (!written_there && !typed.other_views.empty()) {
        auto best = rank(w, typed);
        for (const QueryLine& other : typed.other_views) {
            Walk other_walk = selected_walk(index, tree, other, selection);
            auto other_rank = rank(other_walk, other);
            if (other_rank > best) {
                best = std::move(other_rank);
                chosen = &other;
                w = std::move(other_walk);
            }
        }
    }
    const QueryLine& query = *chosen;
    LookupResult r;
    r.tree = tree;
    r.filtered = selection != nullptr;
    r.query = query;
    r.query.other_views.clear();
    r.matched = w.matched();
    r.last_known = w.path.back();
    r.last_known_count = node_count(index, tree, r.last_known, selection);
    if (selection != nullptr && r.matched < query.canonical.size()) {
        // Any view the dictionary holds whole, filters aside, tells the two answers apart.
        const auto held = [&](const QueryLine& line) {
            return walk(view, line.canonical).matched() == line.canonical.size();
        };
        r.filtered_out = held(typed) || std::ranges::any_of(typed.other_views, held);
    }
    if (r.matched == query.canonical.size()) {
        r.node = r.last_known;
        r.stats = node_stats(index, tree, *r.node, selection);
        if (w.path.size() >= 2)
            r.parent_count = node_count(index, tree, w.path[w.path.size() - 2], selection);
        for (const GameAt& g : recent_games(view, *r.node, games, selection)) {
            // A fuseki line starts at move 1, so a node's move number is its depth; a joseki
            // line's moves are spread over the game and the index keeps the number of each.
            const std::uint32_t number = tree == Tree::Fuseki
                                             ? static_cast<std::uint32_t>(r.matched)
                                             : view.move_number(g.line, query.canonical);
            r.games.push_back(GameFacts{index.game(g.game), number, g.game});
        }
    }
    // The position is looked up whether or not this move order is in the dictionary: another
    // order may reach it.
    PositionKeyer keyer(tree);
    for (const go::Move& m : query.canonical) keyer.play(m);
    r.position = position_totals(index, tree, keyer, selection);
    for (std::uint32_t child : children(view, r.last_known)) {
        const go::Move canonical = node_move(view, child);
        ContinuationFacts c{query.in_query_frame(canonical), canonical, child,
                            node_stats(index, tree, child, selection)};
        if (c.stats.count != 0) r.continuations.push_back(c);
    }
    // The index holds the children in the unfiltered order; the selection's counts order
    // them as its compile would.
    if (selection != nullptr) {
        std::stable_sort(r.continuations.begin(), r.continuations.end(),
                         [](const ContinuationFacts& a, const ContinuationFacts& b) {
                             return dictionary::comes_first_in_output(
                                 a.stats.count, a.canonical_move, b.stats.count, b.canonical_move);
                         });
    }
    return r;
}

}  // namespace josekic::index
