#include "core/dictionary/trie.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace josekic::dictionary {

namespace {

constexpr std::uint64_t kRootPathKey = 0x243F6A8885A308D3ULL;

// The path key of a child from its parent's and its move_order_key: a multiply-xorshift mix,
// so that the same move at different places of the tree lands in unrelated slots.
std::uint64_t child_key(std::uint64_t parent_key, int move_key) {
    std::uint64_t h =
        (parent_key ^ static_cast<std::uint64_t>(move_key + 1)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

}  // namespace

Trie::Trie(std::shared_ptr<GameTable> games, TrieOptions options)
    : games_(std::move(games)), options_(options) {
    nodes_.push_back(StoredNode{});
    links_.push_back(kNoNode, kNoNode);
}

std::size_t Trie::index_slot(std::uint64_t key, NodeId parent, int move_key) const {
    const std::size_t mask = index_.size() - 1;
    const std::uint32_t tag = IndexSlot::tag_of(key);
    for (std::size_t i = home_slot(tag);; i = (i + 1) & mask) {
        const IndexSlot& slot = index_[i];
        if (slot.node == kNoNode) return i;
        if (slot.key_tag == tag) {
            if (nodes_[slot.node].move_key == move_key && links_.parent(slot.node) == parent)
                return i;
        }
    }
}

void Trie::reset_index(std::size_t size) {
    unsigned bits = 0;
    while ((std::size_t{1} << bits) < size) ++bits;
    if (bits > 32) throw std::length_error("a trie's child index cannot grow this large");
    index_.clear();
    index_.shrink_to_fit();  // the old index goes before the new one is allocated
    index_.assign(size, IndexSlot{});
    index_used_ = 0;
    index_tag_shift_ = 32 - bits;
}

void Trie::place(IndexSlot entry) {
    const std::size_t mask = index_.size() - 1;
    std::size_t i = home_slot(entry.key_tag);
    while (index_[i].node != kNoNode) i = (i + 1) & mask;
    index_[i] = entry;
    ++index_used_;
}

void Trie::index_add(std::uint64_t key, NodeId node) {
    place(IndexSlot{IndexSlot::tag_of(key), node});
}

void Trie::reserve_index(std::size_t more) {
    // At most half full.
    const auto size_for = [](std::size_t entries) {
        std::size_t size = 1024;
        while (size < entries * 2) size *= 2;
        return size;
    };
    if (!index_.empty()) {
        if ((index_used_ + more) * 2 <= index_.size()) return;
        std::vector<IndexSlot> old;
        old.swap(index_);
        reset_index(size_for(index_used_ + more));
        for (const IndexSlot& entry : old) {
            if (entry.node != kNoNode) place(entry);
        }
        return;
    }
    // Built again from the nodes (after release_child_index): a parent's id is below its
    // children's, so one pass in id order has every parent's key.
    std::vector<std::uint64_t> keys(nodes_.size());
    keys[kRoot] = kRootPathKey;
    std::size_t entries = 0;
    for (std::size_t id = 1; id < nodes_.size(); ++id) {
        const NodeId parent = links_.parent(static_cast<NodeId>(id));
        keys[id] = child_key(keys[parent], nodes_[id].move_key);
        if (children_indexed(parent)) ++entries;
    }
    reset_index(size_for(entries + more));
    for (std::size_t id = 1; id < nodes_.size(); ++id) {
        if (children_indexed(links_.parent(static_cast<NodeId>(id))))
            index_add(keys[id], static_cast<NodeId>(id));
    }
}

std::uint64_t Trie::path_key(NodeId node) const {
    std::array<int, 64> moves;
    std::size_t depth = 0;
    NodeId at = node;
    for (; at != kRoot && depth < moves.size(); at = links_.parent(at))
        moves[depth++] = nodes_[at].move_key;
    const std::uint64_t above = at == kRoot ? kRootPathKey : path_key(at);  // a deep node
    std::uint64_t key = above;
    while (depth > 0) key = child_key(key, moves[--depth]);
    return key;
}

void Trie::release_child_index() {
    // Not `index_ = {}`: that assigns an empty initializer list and keeps the capacity.
    std::vector<IndexSlot>().swap(index_);
    index_used_ = 0;
}

NodeId Trie::find_child(NodeId parent, const go::Move& move) const {
    if (index_.empty() || !children_indexed(parent)) {
        const int key = move_order_key(move);
        for (NodeId c = nodes_[parent].first_child; c != kNoNode; c = links_.next_sibling(c)) {
            if (nodes_[c].move_key == key) return c;
        }
        return kNoNode;
    }
    const int key = move_order_key(move);
    return index_[index_slot(child_key(path_key(parent), key), parent, key)].node;
}

NodeId Trie::find_or_add_child(NodeId parent, const go::Move& move) {
    reserve_index(2);
    const std::uint64_t parent_key = path_key(parent);
    return find_or_add_child(parent, parent_key, move, child_key(parent_key, move_order_key(move)));
}

Trie::PathStep Trie::root_step() {
    return PathStep{kRoot, kRootPathKey};
}

Trie::PathStep Trie::find_or_add_child(const PathStep& parent, const go::Move& move) {
    reserve_index(2);
    const std::uint64_t key = child_key(parent.key, move_order_key(move));
    return PathStep{find_or_add_child(parent.node, parent.key, move, key), key};
}

NodeId Trie::find_or_add_child(NodeId parent, std::uint64_t parent_key, const go::Move& move,
                               std::uint64_t key) {
    const StoredNode& parent_node = nodes_[parent];
    const NodeId first = parent_node.first_child;
    if (first == kNoNode) return append_child(parent, move);  // an only child: not indexed
    const int move_key = move_order_key(move);
    const int first_key = nodes_[first].move_key;
    if (first_key == move_key) return first;
    if (!parent_node.several_children) {
        // A second child: from now on the children of `parent` are in the index.
        index_add(child_key(parent_key, first_key), first);
        const NodeId id = append_child(parent, move);
        index_add(key, id);
        return id;
    }
    const std::size_t slot = index_slot(key, parent, move_key);
    if (index_[slot].node != kNoNode) return index_[slot].node;
    const NodeId id = append_child(parent, move);
    index_[slot] = IndexSlot{IndexSlot::tag_of(key), id};
    ++index_used_;
    return id;
}

NodeId Trie::add_child(NodeId parent, const go::Move& move) {
    if (!index_.empty()) release_child_index();
    return append_child(parent, move);
}

NodeId Trie::append_child(NodeId parent, const go::Move& move) {
    if (nodes_.size() >= kNoNode) throw std::length_error("a trie cannot hold this many nodes");
    const auto id = static_cast<NodeId>(nodes_.size());
    StoredNode fresh;
    fresh.move_key = static_cast<std::uint16_t>(move_order_key(move));
    nodes_.push_back(std::move(fresh));
    StoredNode& parent_node = nodes_[parent];
    links_.push_back(parent, parent_node.first_child);
    if (parent_node.first_child != kNoNode) parent_node.several_children = true;
    parent_node.first_child = id;
    return id;
}

void Trie::list_game(NodeId node, GameId game) {
    const std::span<const GameId> listed = listed_games(node);
    const GameTable& table = *games_;
    const auto position = static_cast<std::size_t>(
        std::upper_bound(listed.begin(), listed.end(), game,
                         [&](GameId a, GameId b) { return table.listed_before(a, b); }) -
        listed.begin());
    if (position >= options_.games_kept_per_terminal) return;
    listed_.insert(nodes_[node].listed, position, game, options_.games_kept_per_terminal);
}

void Trie::append_listed_game(NodeId node, GameId game) {
    listed_.push_back(nodes_[node].listed, game);
}

void Trie::set_listed_games(NodeId node, std::span<const GameId> games) {
    // Added before the old list is released, as `games` may be that list.
    GameListId old = nodes_[node].listed;
    nodes_[node].listed = listed_.add(games);
    listed_.release(old);
}

NodeId Trie::insert(std::span<const go::Move> line, LineOutcome outcome, std::optional<int> year,
                    std::optional<GameId> game) {
    // Lines are at most a few dozen moves; longer ones (possible through the API) are
    // walked in pieces of this size.
    constexpr std::size_t kAhead = 64;
    std::array<std::uint64_t, kAhead> keys;
    // Checked once here rather than at every node of the line.
    const std::optional<NodeStats::Year> line_year = NodeStats::checked_year(year);
    NodeId at = kRoot;
    std::uint64_t key = kRootPathKey;  // the path key of `at`
    stats_.record(nodes_[kRoot].stats, outcome, line_year);
    for (std::size_t done = 0; done < line.size();) {
        const std::size_t count = std::min(kAhead, line.size() - done);
        reserve_index(2 * count);  // a step adds two entries at most
        for (std::size_t i = 0; i < count; ++i) {
            keys[i] = child_key(i == 0 ? key : keys[i - 1], move_order_key(line[done + i]));
            __builtin_prefetch(&index_[home_slot(IndexSlot::tag_of(keys[i]))]);
        }
        for (std::size_t i = 0; i < count; ++i) {
            at = find_or_add_child(at, i == 0 ? key : keys[i - 1], line[done + i], keys[i]);
            stats_.record(nodes_[at].stats, outcome, line_year);
        }
        key = keys[count - 1];
        done += count;
    }
    stats_.record_end(nodes_[at].stats);
    if (game) list_game(at, *game);
    return at;
}

std::vector<NodeId> Trie::sorted_children(NodeId parent) const {
    std::vector<NodeId> children;
    sorted_children(parent, children);
    return children;
}

void Trie::sorted_children(NodeId parent, std::vector<NodeId>& children) const {
    children.clear();
    for (NodeId c = nodes_[parent].first_child; c != kNoNode; c = links_.next_sibling(c))
        children.push_back(c);
    if (children.size() > 1) sort_in_output_order(*this, children);
}

std::vector<go::Move> Trie::path_to(NodeId node) const {
    std::vector<go::Move> path;
    for (NodeId at = node; at != kRoot && at != kNoNode; at = links_.parent(at))
        path.push_back(move(at));
    std::reverse(path.begin(), path.end());
    return path;
}

std::size_t Trie::terminal_count() const {
    std::size_t terminals = 0;
    nodes_.for_each([&](const StoredNode& n) { terminals += stats_.ends(n.stats) > 0 ? 1 : 0; });
    return terminals;
}

}  // namespace josekic::dictionary
