#include "core/dictionary/dictionary_graph.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "core/dictionary/transpositions.hpp"

namespace josekic::dictionary {

namespace {

constexpr std::uint32_t kNoClass = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

// Walks the tree depth-first from the root so that each node costs one move on its
// parent's position and no line is replayed. Only children for which enter(child) holds
// are visited; visit(node, position, step) sees each visited node's position and how its
// move went. Returns the number of forced moves.
//
// Positions live in slots, at most one per depth. A node's last visited child plays on its
// parent's slot in place (the parent's other children are done by then), and only the
// others copy the parent's position into the next slot, so a single-child chain (most of
// a dictionary: the long tails of single games) copies nothing.
template <typename Enter, typename Visit>
std::size_t walk_positions(const DictionaryGraph& graph, const PositionKeyTables& tables,
                           KeyUpdates keys, Enter enter, Visit visit) {
    const Trie& trie = graph.trie();
    std::vector<PositionTracker> slots{
        PositionTracker(tables, keys)};  // slots[0]: the root's position
    struct Pending {
        NodeId node;
        std::size_t parent_slot;
        bool last;  // the parent's last visited child: plays in the parent's slot
    };
    std::vector<Pending> stack;
    std::size_t forced = 0;
    // Pushes the children to visit, except an only child, which is returned (kNoNode
    // otherwise) and visited at once in the same slot: down a single game's tail the walk
    // never touches the stack, in the same order as if it did. (An only child in the trie,
    // the common case, is handled inline by the caller.)
    const auto push_children = [&](std::span<const NodeId> children, std::size_t slot) {
        bool last = true;  // pushed in reverse: the first one entered is visited last
        for (auto it = children.rbegin(); it != children.rend(); ++it) {
            if (!enter(*it)) continue;
            stack.push_back(Pending{*it, slot, last});
            last = false;
        }
        if (last || !stack.back().last) return kNoNode;
        const NodeId only = stack.back().node;
        stack.pop_back();
        return only;
    };
    const auto next_of = [&](NodeId node, std::size_t slot) {
        const std::span<const NodeId> children = graph.sorted_children(node);
        if (children.size() == 1) return enter(children[0]) ? children[0] : kNoNode;
        return push_children(children, slot);
    };
    const NodeId first = next_of(kRoot, 0);
    if (first != kNoNode) stack.push_back(Pending{first, 0, true});
    while (!stack.empty()) {
        const Pending p = stack.back();
        stack.pop_back();
        std::size_t slot = p.parent_slot;
        if (!p.last) {
            slot = p.parent_slot + 1;
            if (slots.size() <= slot) {
                PositionTracker copy = slots[p.parent_slot];
                slots.push_back(copy);
            } else {
                slots[slot] = slots[p.parent_slot];
            }
        }
        PositionTracker& here = slots[slot];
        for (NodeId node = p.node; node != kNoNode; node = next_of(node, slot)) {
            const ReplayStep step = here.play(trie.node(node).move);
            if (step == ReplayStep::Forced) ++forced;
            visit(node, static_cast<const PositionTracker&>(here), step);
        }
    }
    return forced;
}

// Every node's place in a depth-first walk from the root that visits each node's children
// by move_order_key: a parent comes before its children and a node's whole subtree before
// its next sibling, so ranks compare exactly like paths compared lexicographically by
// move_order_key (a path before its extensions).
std::vector<std::uint32_t> path_ranks(const DictionaryGraph& graph) {
    const Trie& trie = graph.trie();
    std::vector<std::uint32_t> rank(trie.size());
    std::vector<NodeId> stack{kRoot};
    std::vector<std::pair<int, NodeId>> siblings;
    std::uint32_t next = 0;
    while (!stack.empty()) {
        NodeId node = stack.back();
        stack.pop_back();
        // Down a chain of only children without the stack.
        for (;;) {
            rank[node] = next++;
            const std::span<const NodeId> children = graph.sorted_children(node);
            if (children.size() != 1) break;
            node = children[0];
        }
        siblings.clear();
        for (NodeId c : graph.sorted_children(node))
            siblings.emplace_back(move_order_key(trie.node(c).move), c);
        // Largest key pushed first, so the smallest is walked first (keys of siblings differ).
        std::sort(siblings.begin(), siblings.end(), std::greater<>());
        for (const auto& sibling : siblings) stack.push_back(sibling.second);
    }
    return rank;
}

}  // namespace

DictionaryGraph::DictionaryGraph(const Trie& trie, const DictionaryGraphOptions& options)
    : trie_(&trie) {
    const std::size_t n = trie.size();
    // Every node's children in output order, once, as the tree's edges (the walks below
    // and every traversal of tree() use this order). Sources ascend, so the graph is built
    // from the sorted edge list in one pass.
    {
        std::vector<std::pair<NodeId, NodeId>> edges;
        edges.reserve(n == 0 ? 0 : n - 1);
        for (NodeId v = 0; v < n; ++v) {
            const std::size_t begin = edges.size();
            for (NodeId c = trie.node(v).first_child; c != kNoNode; c = trie.node(c).next_sibling)
                edges.emplace_back(v, c);
            if (edges.size() - begin < 2) continue;  // most nodes: a single game goes on
            std::sort(edges.begin() + static_cast<std::ptrdiff_t>(begin), edges.end(),
                      [&trie](const auto& a, const auto& b) {
                          return comes_first_in_output(trie.node(a.second), trie.node(b.second));
                      });
        }
        tree_ = DictionaryTree(boost::edges_are_sorted, edges.begin(), edges.end(),
                               static_cast<NodeId>(n));
    }

    keys_.resize(n);
    for (NodeId v = 0; v < n; ++v) keys_[v].node = v;
    symmetries_.assign(n, go::Symmetry::Identity);
    keys_[kRoot].key = PositionTracker(*options.tables).canonical_key();
    // stones_are_moves[v]: no move on the way to v captured or was forced, so v's stones are
    // exactly the moves of its line (and its exact position needs no board).
    std::vector<char> stones_are_moves(n, 1);
    // unique_symmetry[v]: only symmetries_[v] maps v's position onto its canonical key, so
    // v's exact position up to symmetry is its one image under that symmetry (see
    // append_image_form): one image to sort instead of eight.
    std::vector<char> unique_symmetry(n, 0);
    forced_moves_ = walk_positions(
        *this, *options.tables, KeyUpdates::On, [](NodeId) { return true; },
        [&](NodeId node, const PositionTracker& here, ReplayStep step) {
            const PositionTracker::CanonicalChoice canonical =
                here.canonical_choice();  // canonical_key() would search again
            keys_[node].key = canonical.key;
            symmetries_[node] = canonical.symmetry;
            unique_symmetry[node] = canonical.unique ? 1 : 0;
            stones_are_moves[node] = stones_are_moves[trie.node(node).parent] &&
                                     step == ReplayStep::Played &&
                                     here.board().last_captures() == 0;
        });

    // Every node but the root takes part unless a predicate leaves some out: then (only
    // then) the keys are copied.
    std::vector<KeyedNode> kept;
    std::span<const KeyedNode> keyed = std::span<const KeyedNode>(keys_).subspan(1);
    if (options.in_dictionary) {
        for (NodeId v = 1; v < n; ++v) {
            if (options.in_dictionary(v)) kept.push_back(keys_[v]);
        }
        keyed = kept;
    }
    ExactFormsOf exact;
    if (options.verify == VerifyPositions::Yes) {
        // A node whose stones are its moves gets its form from its line; the others (lines
        // with captures) from one more walk, only down the paths that lead to them, instead
        // of a replay from the root per node.
        exact = [this, &trie, &options, &stones_are_moves,
                 &unique_symmetry](std::span<const NodeId> asked) {
            const std::size_t size = trie.size();
            std::vector<std::uint32_t> slot(size, kNoSlot);
            std::vector<char> on_path(size, 0);
            std::vector<std::uint16_t> values;
            std::vector<std::pair<std::size_t, std::size_t>> spans(asked.size());
            std::vector<std::uint16_t> stones;
            for (std::size_t i = 0; i < asked.size(); ++i) {
                const NodeId node = asked[i];
                if (stones_are_moves[node]) {
                    stones.clear();
                    for (NodeId at = node; at != kRoot && at != kNoNode;
                         at = trie.node(at).parent) {
                        const go::Move& m = trie.node(at).move;
                        if (m.point) {
                            stones.push_back(static_cast<std::uint16_t>(
                                m.point->index() * 2 + (m.color == go::Color::White ? 1 : 0)));
                        }
                    }
                    const std::size_t begin = values.size();
                    const go::Color to_move = go::opponent(trie.node(node).move.color);
                    if (unique_symmetry[node])
                        append_image_form(stones, symmetries_[node], to_move, values);
                    else
                        append_canonical_form(stones, to_move, values);
                    spans[i] = {begin, values.size()};
                    continue;
                }
                slot[node] = static_cast<std::uint32_t>(i);
                for (NodeId at = node; at != kRoot && at != kNoNode && !on_path[at];
                     at = trie.node(at).parent) {
                    on_path[at] = 1;
                }
            }
            walk_positions(
                *this, *options.tables, KeyUpdates::Off,
                [&on_path](NodeId node) { return on_path[node] != 0; },
                [&](NodeId node, const PositionTracker& here, ReplayStep) {
                    if (slot[node] == kNoSlot) return;
                    const std::size_t begin = values.size();
                    if (unique_symmetry[node])
                        append_image_form(here.board(), symmetries_[node], here.to_move(), values);
                    else
                        append_canonical_form(here.board(), here.to_move(), values);
                    spans[slot[node]] = {begin, values.size()};
                });
            ExactForms forms;
            forms.values.reserve(values.size());
            forms.ends.reserve(asked.size());
            for (const auto& [begin, end] : spans) {
                forms.values.insert(forms.values.end(),
                                    values.begin() + static_cast<std::ptrdiff_t>(begin),
                                    values.begin() + static_cast<std::ptrdiff_t>(end));
                forms.ends.push_back(forms.values.size());
            }
            return forms;
        };
    }
    TranspositionGrouping grouping = group_transpositions_by_forms(keyed, exact);
    key_collisions_ = grouping.collisions;

    // Output order must not depend on node ids (they follow input order): members by
    // count, then by path (lexicographically, by move_order_key); classes by their first
    // member, the same way. Paths are compared by their nodes' path_ranks: one integer
    // each instead of two walks up the tree and a comparison of moves.
    const std::vector<std::uint32_t> rank = path_ranks(*this);
    struct Ranked {
        std::uint64_t count;
        std::uint32_t rank;
        NodeId node;
    };
    const auto before = [](const Ranked& a, const Ranked& b) {
        if (a.count != b.count) return a.count > b.count;
        return a.rank < b.rank;
    };
    std::vector<Ranked> ranked;  // every class's members, class after class
    std::vector<std::size_t> ranked_begin;
    ranked_begin.reserve(grouping.classes.size());
    for (const auto& members : grouping.classes) {
        const std::size_t begin = ranked.size();
        ranked_begin.push_back(begin);
        for (NodeId m : members) ranked.push_back(Ranked{trie.node(m).stats.count, rank[m], m});
        std::sort(ranked.begin() + static_cast<std::ptrdiff_t>(begin), ranked.end(), before);
    }
    // Classes by their first members, copied next to their class numbers so that the sort
    // reads one array.
    std::vector<std::pair<Ranked, std::uint32_t>> fronts;
    fronts.reserve(grouping.classes.size());
    for (std::size_t c = 0; c < grouping.classes.size(); ++c) {
        fronts.emplace_back(ranked[ranked_begin[c]], static_cast<std::uint32_t>(c));
    }
    std::sort(fronts.begin(), fronts.end(),
              [&](const auto& a, const auto& b) { return before(a.first, b.first); });

    class_index_.assign(n, kNoClass);
    has_class_.assign((n + 63) / 64, 0);
    class_members_.reserve(ranked.size());
    class_begin_.reserve(fronts.size() + 1);
    class_games_.reserve(fronts.size());
    for (const auto& [front, c] : fronts) {
        const auto index = static_cast<std::uint32_t>(class_games_.size());
        std::uint64_t games = 0;
        for (std::size_t i = ranked_begin[c]; i < ranked_begin[c] + grouping.classes[c].size();
             ++i) {
            class_members_.push_back(ranked[i].node);
            class_index_[ranked[i].node] = index;
            has_class_[ranked[i].node / 64] |= std::uint64_t{1} << (ranked[i].node % 64);
            games += ranked[i].count;
        }
        class_begin_.push_back(class_members_.size());
        class_games_.push_back(games);
    }
}

TranspositionFacts DictionaryGraph::transposition_facts(NodeId node) const {
    TranspositionFacts facts;
    const auto index = class_of(node);
    if (!index) return facts;
    // Members are in output order, so the most frequent other one is the first that is not
    // this node; the sums come from the class, not from a walk over its members.
    const std::span<const NodeId> members = class_members(*index);
    facts.class_games = class_games_[*index];
    facts.other_orders = members.size() - 1;
    facts.other_games = facts.class_games - trie_->node(node).stats.count;
    facts.most_frequent_other = members[0] == node ? members[1] : members[0];
    // Both canonical symmetries map onto the same canonical position, so the other line
    // goes into this node's frame by its own symmetry followed by the inverse of ours.
    facts.to_here =
        go::then(symmetries_[facts.most_frequent_other], go::inverse(symmetries_[node]));
    return facts;
}

TranspositionSummary DictionaryGraph::transpositions_of(NodeId node) const {
    TranspositionSummary summary;
    const TranspositionFacts facts = transposition_facts(node);
    summary.other_orders = facts.other_orders;
    summary.other_games = facts.other_games;
    summary.class_games = facts.class_games;
    summary.most_frequent_other = facts.most_frequent_other;
    if (facts.other_orders == 0) return summary;
    // Filled from the end while walking up: one allocation, no reversal.
    std::size_t depth = 0;
    for (NodeId at = facts.most_frequent_other; at != kRoot && at != kNoNode;
         at = trie_->node(at).parent)
        ++depth;
    std::vector<go::Move>& path = summary.most_frequent_other_path;
    path.resize(depth);
    for (NodeId at = facts.most_frequent_other; at != kRoot && at != kNoNode;
         at = trie_->node(at).parent) {
        path[--depth] = go::apply(facts.to_here, trie_->node(at).move);
    }
    return summary;
}

std::string format_line(std::span<const go::Move> line, std::string_view pass_word) {
    std::string out;
    for (const go::Move& m : line) {
        if (!out.empty()) out += ' ';
        out += go::sgf_letter(m.color);
        out += '[';
        if (m.point) {
            out += static_cast<char>('a' + m.point->x);
            out += static_cast<char>('a' + m.point->y);
        } else {
            out += pass_word;
        }
        out += ']';
    }
    return out;
}

}  // namespace josekic::dictionary
