#include "compiler/dictionary/dictionary_graph.hpp"

#include <algorithm>
#include <limits>

#include <boost/graph/depth_first_search.hpp>
#include <boost/property_map/property_map.hpp>

#include "compiler/dictionary/transpositions.hpp"

namespace josekic::dictionary {

namespace {

constexpr std::uint32_t kNoClass = std::numeric_limits<std::uint32_t>::max();

using Edge = DictionaryGraphType::edge_descriptor;
using Vertex = DictionaryGraphType::vertex_descriptor;

// Walks the tree once; each tree edge plays the child's move on a copy of the parent's
// position. Boost copies visitors, so the state lives outside and the visitor points to it.
struct PositionWalk {
    const Trie* trie;
    std::vector<PositionTracker> frames;  // frames[d]: the position at depth d of the current path
    std::vector<std::uint16_t> depth;
    std::vector<go::Hash128>* keys;
    std::vector<go::Symmetry>* symmetries;
    std::size_t forced = 0;
};

class PositionVisitor : public boost::default_dfs_visitor {
public:
    explicit PositionVisitor(PositionWalk* walk) : walk_(walk) {}

    void tree_edge(Edge e, const DictionaryGraphType& g) const {
        const Vertex parent = boost::source(e, g);
        const Vertex child = boost::target(e, g);
        PositionWalk& w = *walk_;
        const std::size_t d = static_cast<std::size_t>(w.depth[parent]) + 1;
        w.depth[child] = static_cast<std::uint16_t>(d);
        if (w.frames.size() <= d) {
            PositionTracker copy = w.frames[d - 1];
            w.frames.push_back(copy);
        } else {
            w.frames[d] = w.frames[d - 1];
        }
        PositionTracker& here = w.frames[d];
        if (here.play(w.trie->node(static_cast<NodeId>(child)).move) == ReplayStep::Forced) ++w.forced;
        (*w.keys)[child] = here.canonical_key();
        (*w.symmetries)[child] = here.canonical_symmetry();
    }

private:
    PositionWalk* walk_;
};

std::vector<int> path_key(const Trie& trie, NodeId node) {
    std::vector<int> key;
    for (const go::Move& m : trie.path_to(node)) key.push_back(move_order_key(m));
    return key;
}

}  // namespace

DictionaryGraph::DictionaryGraph(const Trie& trie, const DictionaryGraphOptions& options)
    : trie_(&trie), graph_(trie.size()) {
    const std::size_t n = trie.size();
    for (std::size_t v = 0; v < n; ++v) {
        for (NodeId child : trie.sorted_children(static_cast<NodeId>(v))) {
            boost::add_edge(v, child, DictionaryEdge{EdgeKind::Move}, graph_);
        }
    }

    keys_.assign(n, go::Hash128{});
    symmetries_.assign(n, go::Symmetry::Identity);
    {
        PositionWalk walk{&trie, {PositionTracker(*options.tables)}, std::vector<std::uint16_t>(n, 0), &keys_,
                          &symmetries_, 0};
        keys_[kRoot] = walk.frames[0].canonical_key();
        std::vector<boost::default_color_type> colours(n, boost::white_color);
        auto colour_map = boost::make_iterator_property_map(colours.begin(), boost::get(boost::vertex_index, graph_));
        boost::depth_first_visit(graph_, Vertex{kRoot}, PositionVisitor(&walk), colour_map);
        forced_moves_ = walk.forced;
    }

    std::vector<KeyedNode> keyed;
    keyed.reserve(n);
    for (NodeId v = 1; v < n; ++v) {
        if (options.in_dictionary && !options.in_dictionary(v)) continue;
        keyed.push_back(KeyedNode{v, keys_[v]});
    }
    ExactPosition exact;
    if (options.verify == VerifyPositions::Yes) {
        const PositionKeyTables* tables = options.tables;
        exact = [&trie, tables](NodeId node) {
            PositionTracker replay(*tables);
            for (const go::Move& m : trie.path_to(node)) replay.play(m);
            return canonical_stones(replay.board(), replay.to_move());
        };
    }
    TranspositionGrouping grouping = group_transpositions(keyed, exact);
    key_collisions_ = grouping.collisions;

    // Output order must not depend on node ids (they follow input order): members by
    // count, then by path; classes by their first member, the same way.
    struct Ranked {
        std::uint64_t count;
        std::vector<int> path;
        NodeId node;
    };
    auto before = [](const Ranked& a, const Ranked& b) {
        if (a.count != b.count) return a.count > b.count;
        return a.path < b.path;
    };
    std::vector<std::vector<Ranked>> ranked;
    ranked.reserve(grouping.classes.size());
    for (const auto& members : grouping.classes) {
        auto& r = ranked.emplace_back();
        for (NodeId m : members) r.push_back(Ranked{trie.node(m).stats.count, path_key(trie, m), m});
        std::sort(r.begin(), r.end(), before);
    }
    std::sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) { return before(a.front(), b.front()); });

    class_index_.assign(n, kNoClass);
    classes_.reserve(ranked.size());
    for (const auto& r : ranked) {
        const auto index = static_cast<std::uint32_t>(classes_.size());
        auto& members = classes_.emplace_back();
        for (const Ranked& m : r) {
            members.push_back(m.node);
            class_index_[m.node] = index;
        }
        for (std::size_t i = 1; i < members.size(); ++i) {
            boost::add_edge(members[i], members[0], DictionaryEdge{EdgeKind::Transposition}, graph_);
        }
    }
}

DictionaryTreeView DictionaryGraph::tree_view() const {
    return DictionaryTreeView(graph_, MoveEdgesOnly{&graph_});
}

std::optional<std::size_t> DictionaryGraph::class_of(NodeId node) const {
    if (node >= class_index_.size() || class_index_[node] == kNoClass) return std::nullopt;
    return class_index_[node];
}

TranspositionSummary DictionaryGraph::transpositions_of(NodeId node) const {
    TranspositionSummary summary;
    const auto index = class_of(node);
    if (!index) return summary;
    for (NodeId member : classes_[*index]) {
        const std::uint64_t count = trie_->node(member).stats.count;
        summary.class_games += count;
        if (member == node) continue;
        ++summary.other_orders;
        summary.other_games += count;
        if (summary.most_frequent_other == kNoNode) summary.most_frequent_other = member;
    }
    // Both canonical symmetries map onto the same canonical position, so the other line
    // goes into this node's frame by its own symmetry followed by the inverse of ours.
    const go::Symmetry to_here = go::then(symmetries_[summary.most_frequent_other], go::inverse(symmetries_[node]));
    for (const go::Move& m : trie_->path_to(summary.most_frequent_other)) {
        summary.most_frequent_other_path.push_back(go::apply(to_here, m));
    }
    return summary;
}

std::string format_line(std::span<const go::Move> line) {
    std::string text;
    for (const go::Move& m : line) {
        if (!text.empty()) text += ' ';
        text += go::sgf_letter(m.color);
        text += '[';
        if (m.point) text += go::to_sgf(*m.point);
        text += ']';
    }
    return text;
}

}  // namespace josekic::dictionary
