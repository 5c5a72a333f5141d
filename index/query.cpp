#include "index/query.hpp"

#include <algorithm>

#include "index/move_code.hpp"

namespace josekic::index {

dictionary::NodeStats node_stats(const IndexFile& index, Tree tree, std::uint32_t node,
                                 const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    const NodeRecord record = view.node(node);
    const std::uint32_t first = record.lines_begin;
    const std::uint32_t last = view.node(record.subtree_end).lines_begin;
    // Node + 1 is the first child or, for a leaf, the next node (the sentinel at the end):
    // the lines ending here come first in the subtree's range, and lie inside it.
    const std::uint32_t ends_here = view.node(node + 1).lines_begin;
    if (last < first || ends_here < first || ends_here > last) index.damaged("bad line range");
    dictionary::NodeStats stats;
    if (last - first > kStoredStatsAbove && selection == nullptr) {
        const std::optional<StatsRecord> s = view.stored_stats(node);
        if (!s) index.damaged("missing statistics");
        // The stored figures must be those of the lines they stand for.
        if (s->count != last - first || s->ends != ends_here - first ||
            std::uint64_t{s->first_player_wins} + s->second_player_wins + s->draws + s->unknown !=
                s->count)
            index.damaged("statistics of node " + std::to_string(node) + " do not add up");
        stats.count = s->count;
        stats.ends = s->ends;
        stats.first_player_wins = s->first_player_wins;
        stats.second_player_wins = s->second_player_wins;
        stats.draws = s->draws;
        stats.unknown = s->unknown;
        stats.first_year = s->first_year;
        stats.last_year = s->last_year;
        return stats;
    }
    view.for_each_line(first, last, [&](std::uint32_t i, const LineRecord& line) {
        if (selection != nullptr && !selection->contains(line)) return;
        const std::int16_t year = line.year;
        const auto outcome =
            line.outcome <= static_cast<std::uint8_t>(dictionary::LineOutcome::Unknown)
                ? static_cast<dictionary::LineOutcome>(line.outcome)
                : dictionary::LineOutcome::Unknown;
        stats.record(outcome, year == 0 ? std::nullopt : std::optional<std::int16_t>(year));
        if (i < ends_here) stats.record_end();
    });
    return stats;
}

namespace {

// The child after `child` of a node whose subtree ends at `end`: `child`'s own subtree end,
// which must lie inside its parent's.
std::uint32_t next_sibling(const TreeView& tree, std::uint32_t child, std::uint32_t end) {
    const std::uint32_t next = tree.node(child).subtree_end;
    if (next > end) tree.damaged("node " + std::to_string(child) + " reaches past its parent");
    return next;
}

}  // namespace

std::vector<std::uint32_t> children(const TreeView& tree, std::uint32_t node) {
    std::vector<std::uint32_t> out;
    const std::uint32_t end = tree.node(node).subtree_end;
    for (std::uint32_t c = node + 1; c < end; c = next_sibling(tree, c, end)) out.push_back(c);
    return out;
}

go::Move node_move(const TreeView& tree, std::uint32_t node) {
    const std::optional<go::Move> move = decode_move(tree.node(node).move);
    if (!move) tree.damaged("a bad move code");
    return *move;
}

Walk walk(const TreeView& tree, std::span<const go::Move> moves) {
    Walk w{{0}};
    for (const go::Move& move : moves) {
        const std::uint16_t code = encode_move(move);
        const std::uint32_t at = w.path.back();
        const std::uint32_t end = tree.node(at).subtree_end;
        std::optional<std::uint32_t> next;
        for (std::uint32_t c = at + 1; c < end; c = next_sibling(tree, c, end)) {
            if (tree.node(c).move == code) {
                next = c;
                break;
            }
        }
        if (!next) break;
        w.path.push_back(*next);
    }
    return w;
}

std::vector<go::Move> node_line(const TreeView& tree, std::uint32_t node) {
    std::vector<go::Move> moves;
    std::uint32_t at = 0;
    while (at != node) {
        const std::uint32_t end = tree.node(at).subtree_end;
        std::uint32_t c = at + 1;
        while (c < end && tree.node(c).subtree_end <= node) c = next_sibling(tree, c, end);
        if (c >= end || c > node) tree.damaged("a node off its tree");
        moves.push_back(node_move(tree, c));
        at = c;
    }
    return moves;
}

PositionTotals position_totals(const IndexFile& index, Tree tree, const PositionKeyer& position,
                               const GameSelection* selection) {
    PositionTotals totals;
    const TreeView& view = index.tree(tree);
    const std::vector<std::uint16_t> form = position.exact_form();
    for (std::uint32_t node : view.nodes_at(position.key())) {
        PositionKeyer replay(tree);
        for (const go::Move& m : node_line(view, node)) replay.play(m);
        if (replay.exact_form() != form) {
            ++totals.collisions;
            continue;
        }
        const dictionary::NodeStats stats = node_stats(index, tree, node, selection);
        if (stats.count == 0) continue;  // no game of the selection reaches it this way
        totals.nodes.push_back(node);
        totals.stats.absorb(stats);
    }
    // Each line ends at one node: the orders of one position cannot add up to more.
    if (totals.stats.count > view.line_count())
        index.damaged("a position counts more lines than the tree holds");
    return totals;
}

std::vector<GameAt> recent_games(const TreeView& tree, std::uint32_t node, std::size_t limit,
                                 const GameSelection* selection) {
    if (limit == 0) return {};
    const NodeRecord record = tree.node(node);
    const std::uint32_t first = record.lines_begin;
    const std::uint32_t last = tree.node(record.subtree_end).lines_begin;
    std::vector<GameAt> best;
    // A node with many lines names its most recent games: no need to read them all.
    if (selection == nullptr && limit <= kStoredRecentGames && last - first > kStoredStatsAbove) {
        if (const std::optional<StatsRecord> stats = tree.stored_stats(node)) {
            for (std::uint32_t l : stats->recent_lines) {
                if (l == kNoLine || best.size() == limit) break;
                if (l < first || l >= last) tree.damaged("a bad line");
                const LineRecord line = tree.line(l);
                best.push_back(GameAt{line.game, line});
            }
            return best;
        }
    }
    // Game ids are in recency order, so the most recent games are the smallest ids: keep the
    // `limit` smallest distinct ones in one pass over the lines. A game with several lines
    // here (a joseki in two corners) is given by the one whose first stone came first: the
    // lines' order is the tree's, which a filter changes, and the answer must not.
    tree.for_each_line(first, last, [&](std::uint32_t, const LineRecord& line) {
        if (best.size() == limit && line.game > best.back().game) return;
        if (selection != nullptr && !selection->contains(line)) return;
        auto at = std::lower_bound(best.begin(), best.end(), line.game,
                                   [](const GameAt& g, std::uint32_t id) { return g.game < id; });
        if (at != best.end() && at->game == line.game) {
            if (tree.first_move_number(line) < tree.first_move_number(at->line)) at->line = line;
            return;
        }
        best.insert(at, GameAt{line.game, line});
        if (best.size() > limit) best.pop_back();
    });
    return best;
}

}  // namespace josekic::index
