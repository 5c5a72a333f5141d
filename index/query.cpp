#include "index/query.hpp"

#include <algorithm>
#include <array>

#include "index/move_code.hpp"

namespace josekic::index {

namespace {

// The lines of a node's subtree, [first, last), of which [first, ends_end) end at the node.
struct LineRange {
    std::uint32_t first = 0;
    std::uint32_t ends_end = 0;
    std::uint32_t last = 0;
    bool large() const { return last - first > kStoredStatsAbove; }
};

LineRange line_range(const TreeView& view, std::uint32_t node) {
    const NodeRecord record = view.node(node);
    const std::uint32_t first = record.lines_begin;
    const std::uint32_t last = view.node(record.subtree_end).lines_begin;
    // Node + 1 is the first child or, for a leaf, the next node (the sentinel at the end):
    // the lines ending here come first in the subtree's range, and lie inside it.
    const std::uint32_t ends_end = view.node(node + 1).lines_begin;
    if (last < first || ends_end < first || ends_end > last) view.damaged("bad line range");
    return {first, ends_end, last};
}

dictionary::NodeStats stored_node_stats(const TreeView& view, std::uint32_t node,
                                        const LineRange& range) {
    const std::optional<StatsRecord> s = view.stored_stats(node);
    if (!s) view.damaged("missing statistics");
    // The stored figures must be those of the lines they stand for.
    if (s->count != range.last - range.first || s->ends != range.ends_end - range.first ||
        std::uint64_t{s->first_player_wins} + s->second_player_wins + s->draws + s->unknown !=
            s->count)
        view.damaged("statistics of node " + std::to_string(node) + " do not add up");
    dictionary::NodeStats stats;
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

// Adds `line` to `best`, the `limit` most recent games so far in order (game ids are in
// recency order, so the most recent are the smallest ids). A game with several lines here
// (a joseki in two corners) is given by the one whose first stone came first, the earlier on
// a tie: the lines' order is the tree's, which a filter changes, and the answer must not.
void add_recent(const TreeView& view, std::vector<GameAt>& best, const LineRecord& line,
                std::size_t limit) {
    if (best.size() == limit && line.game > best.back().game) return;
    auto at = std::lower_bound(best.begin(), best.end(), line.game,
                               [](const GameAt& g, std::uint32_t id) { return g.game < id; });
    if (at != best.end() && at->game == line.game) {
        if (view.first_move_number(line) < view.first_move_number(at->line)) at->line = line;
        return;
    }
    best.insert(at, GameAt{line.game, line});
    if (best.size() > limit) best.pop_back();
}

// NodeStats::record for the lines of one count: plain counters in the loop, added to the
// statistics once (a count reads fewer than 2^32 lines: none can overflow).
struct LineCounts {
    std::array<std::uint32_t, dictionary::kLineOutcomes.size()> outcomes{};
    std::uint32_t ends = 0;
    dictionary::NodeStats::Year first_year = 0, last_year = 0;

    void add(const LineRecord& line) {
        const std::size_t unknown = static_cast<std::size_t>(dictionary::LineOutcome::Unknown);
        ++outcomes[std::min<std::size_t>(line.outcome, unknown)];
        if (line.year != 0) dictionary::NodeStats::widen_years(first_year, last_year, line.year);
    }
    void add_to(dictionary::NodeStats& stats) const {
        dictionary::NodeStats counted;
        for (dictionary::LineOutcome o : dictionary::kLineOutcomes) {
            counted.outcome_count(o) = outcomes[static_cast<std::size_t>(o)];
            counted.count += outcomes[static_cast<std::size_t>(o)];
        }
        counted.ends = ends;
        counted.first_year = first_year;
        counted.last_year = last_year;
        stats.absorb(counted);
    }
};

// Counts the lines [first, last) of `view` (of `selection` when given), of which those
// before `ends_end` end at the node: into `stats`, and the `limit` most recent games into
// `recent` when given.
void count_lines(const TreeView& view, std::uint32_t first, std::uint32_t last,
                 std::uint32_t ends_end, const GameSelection* selection,
                 dictionary::NodeStats& stats, std::vector<GameAt>* recent, std::size_t limit) {
    LineCounts counts;
    view.for_each_line(first, last, [&](std::uint32_t i, const LineRecord& line) {
        if (selection != nullptr && !selection->contains(line)) return;
        counts.add(line);
        if (i < ends_end) ++counts.ends;
        if (recent != nullptr && (recent->size() < limit || line.game < recent->back().game))
            add_recent(view, *recent, line, limit);
    });
    counts.add_to(stats);
}

GameSelection::Tally to_tally(dictionary::NodeStats stats, const std::vector<GameAt>& recent,
                              std::size_t limit) {
    GameSelection::Tally tally{stats, {}, limit};
    for (const GameAt& g : recent) tally.recent.push_back(g.line);
    return tally;
}

// The statistics and `limit` most recent games of `node`, a large node, over `selection`,
// counted once per selection: its own lines and each child's lines counted in one pass (a
// child's taken from an earlier query's count when there is one, and kept when large), so
// that a query near the root reads each line once, and the explorer's next one none.
GameSelection::Tally tally(const TreeView& view, std::uint32_t node, const LineRange& range,
                           const GameSelection& selection, std::size_t limit) {
    const Tree tree = view.tree();
    if (std::optional<GameSelection::Tally> known = selection.remembered(tree, node);
        known && known->limit >= limit)
        return *known;
    dictionary::NodeStats stats;
    std::vector<GameAt> best;
    count_lines(view, range.first, range.ends_end, range.ends_end, &selection, stats, &best, limit);
    for (std::uint32_t child : children(view, node)) {
        const LineRange lines = line_range(view, child);
        std::optional<GameSelection::Tally> counted = selection.remembered(tree, child);
        if (!counted || counted->limit < limit) {
            dictionary::NodeStats child_stats;
            std::vector<GameAt> child_best;
            count_lines(view, lines.first, lines.last, lines.ends_end, &selection, child_stats,
                        &child_best, limit);
            counted = to_tally(child_stats, child_best, limit);
            if (lines.large()) selection.remember(tree, child, *counted);
        }
        // The child's lines that end there do not end here.
        dictionary::NodeStats through = counted->stats;
        through.ends = 0;
        stats.absorb(through);
        for (std::size_t k = 0; k < counted->recent.size() && k < limit; ++k)
            add_recent(view, best, counted->recent[k], limit);
    }
    GameSelection::Tally result = to_tally(stats, best, limit);
    selection.remember(tree, node, result);
    return result;
}

}  // namespace

dictionary::NodeStats node_stats(const IndexFile& index, Tree tree, std::uint32_t node,
                                 const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    const LineRange range = line_range(view, node);
    if (selection != nullptr && selection->empty()) return {};
    if (range.large() && selection == nullptr) return stored_node_stats(view, node, range);
    if (range.large()) return tally(view, node, range, *selection, kStoredRecentGames).stats;
    dictionary::NodeStats stats;
    count_lines(view, range.first, range.last, range.ends_end, selection, stats, nullptr, 0);
    return stats;
}

std::uint32_t node_count(const IndexFile& index, Tree tree, std::uint32_t node,
                         const GameSelection* selection) {
    const TreeView& view = index.tree(tree);
    const LineRange range = line_range(view, node);
    if (selection == nullptr) return range.last - range.first;
    if (selection->empty()) return 0;
    if (range.large()) {
        if (std::optional<GameSelection::Tally> known = selection->remembered(tree, node))
            return known->stats.count;
        if (std::optional<std::uint32_t> known = selection->remembered_count(tree, node))
            return *known;
    }
    std::uint32_t count = 0;
    view.for_each_line(range.first, range.last, [&](std::uint32_t, const LineRecord& line) {
        count += selection->contains(line) ? 1 : 0;
    });
    if (range.large()) selection->remember_count(tree, node, count);
    return count;
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
    if (limit == 0 || (selection != nullptr && selection->empty())) return {};
    const LineRange range = line_range(tree, node);
    std::vector<GameAt> best;
    if (range.large() && selection != nullptr) {
        const GameSelection::Tally counted =
            tally(tree, node, range, *selection, std::max(limit, kStoredRecentGames));
        for (std::size_t k = 0; k < counted.recent.size() && k < limit; ++k)
            best.push_back(GameAt{counted.recent[k].game, counted.recent[k]});
        return best;
    }
    // A node with many lines names its most recent games: no need to read them all.
    if (selection == nullptr && limit <= kStoredRecentGames && range.large()) {
        if (const std::optional<StatsRecord> stats = tree.stored_stats(node)) {
            for (std::uint32_t l : stats->recent_lines) {
                if (l == kNoLine || best.size() == limit) break;
                if (l < range.first || l >= range.last) tree.damaged("a bad line");
                const LineRecord line = tree.line(l);
                best.push_back(GameAt{line.game, line});
            }
            return best;
        }
    }
    tree.for_each_line(range.first, range.last, [&](std::uint32_t, const LineRecord& line) {
        if (selection != nullptr && !selection->contains(line)) return;
        add_recent(tree, best, line, limit);
    });
    return best;
}

}  // namespace josekic::index
