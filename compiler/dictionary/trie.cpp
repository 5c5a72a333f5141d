#include "compiler/dictionary/trie.hpp"

#include <algorithm>

namespace josekic::dictionary {

void NodeStats::record(LineOutcome outcome, std::optional<int> year) {
    ++count;
    switch (outcome) {
        case LineOutcome::FirstPlayerWon: ++first_player_wins; break;
        case LineOutcome::SecondPlayerWon: ++second_player_wins; break;
        case LineOutcome::Draw: ++draws; break;
        case LineOutcome::Unknown: ++unknown; break;
    }
    if (year) {
        if (first_year == 0 || *year < first_year) first_year = *year;
        if (last_year == 0 || *year > last_year) last_year = *year;
    }
}

void NodeStats::absorb(const NodeStats& other) {
    count += other.count;
    ends += other.ends;
    first_player_wins += other.first_player_wins;
    second_player_wins += other.second_player_wins;
    draws += other.draws;
    unknown += other.unknown;
    if (other.first_year != 0 && (first_year == 0 || other.first_year < first_year)) first_year = other.first_year;
    if (other.last_year != 0 && (last_year == 0 || other.last_year > last_year)) last_year = other.last_year;
}

int move_order_key(const go::Move& move) {
    const int where = move.point ? move.point->x * go::kBoardSize + move.point->y : go::kNumPoints;
    return where * 2 + static_cast<int>(move.color);
}

Trie::Trie(std::shared_ptr<GameTable> games, TrieOptions options)
    : games_(std::move(games)), options_(options) {
    nodes_.emplace_back();  // the root
}

namespace {

// The index key of a child: its parent and its move (move_order_key is below 1024).
std::uint64_t child_key(NodeId parent, const go::Move& move) {
    return (static_cast<std::uint64_t>(parent) << 16) | static_cast<std::uint64_t>(move_order_key(move));
}

std::size_t slot_hash(std::uint64_t key) { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20); }

}  // namespace

std::size_t Trie::index_slot(std::uint64_t key) const {
    const std::size_t mask = index_keys_.size() - 1;
    for (std::size_t i = slot_hash(key) & mask;; i = (i + 1) & mask) {
        if (index_keys_[i] == key || index_keys_[i] == kEmptyKey) return i;
    }
}

void Trie::grow_index() {
    const std::size_t size = index_keys_.empty() ? 1024 : index_keys_.size() * 2;
    index_keys_.assign(size, kEmptyKey);
    index_values_.assign(size, kNoNode);
    for (std::size_t id = 1; id < nodes_.size(); ++id) {
        const TrieNode& n = nodes_[id];
        const std::size_t slot = index_slot(child_key(n.parent, n.move));
        index_keys_[slot] = child_key(n.parent, n.move);
        index_values_[slot] = static_cast<NodeId>(id);
    }
}

NodeId Trie::find_child(NodeId parent, const go::Move& move) const {
    if (index_keys_.empty()) return kNoNode;
    return index_values_[index_slot(child_key(parent, move))];
}

NodeId Trie::find_or_add_child(NodeId parent, const go::Move& move) {
    if ((index_used_ + 1) * 2 > index_keys_.size()) grow_index();
    const std::uint64_t key = child_key(parent, move);
    const std::size_t slot = index_slot(key);
    if (index_keys_[slot] == key) return index_values_[slot];
    const auto id = static_cast<NodeId>(nodes_.size());
    TrieNode fresh;
    fresh.move = move;
    fresh.parent = parent;
    fresh.next_sibling = nodes_[parent].first_child;
    nodes_.push_back(std::move(fresh));
    nodes_[parent].first_child = id;
    index_keys_[slot] = key;
    index_values_[slot] = id;
    ++index_used_;
    return id;
}

void Trie::list_game(NodeId node, GameId game) {
    auto& listed = nodes_[node].listed_games;
    const GameTable& table = *games_;
    const auto position = std::upper_bound(listed.begin(), listed.end(), game, [&](GameId a, GameId b) {
        return listed_before(table[a], table[b]);
    });
    if (static_cast<std::size_t>(position - listed.begin()) >= options_.games_kept_per_terminal) return;
    listed.insert(position, game);
    if (listed.size() > options_.games_kept_per_terminal) listed.pop_back();
}

void Trie::insert(std::span<const go::Move> line, LineOutcome outcome, std::optional<int> year,
                  std::optional<GameId> game) {
    NodeId at = kRoot;
    nodes_[kRoot].stats.record(outcome, year);
    for (const go::Move& move : line) {
        at = find_or_add_child(at, move);
        nodes_[at].stats.record(outcome, year);
    }
    ++nodes_[at].stats.ends;
    if (game) list_game(at, *game);
}

std::vector<NodeId> Trie::sorted_children(NodeId parent) const {
    std::vector<NodeId> children;
    for (NodeId c = nodes_[parent].first_child; c != kNoNode; c = nodes_[c].next_sibling) children.push_back(c);
    std::sort(children.begin(), children.end(), [&](NodeId a, NodeId b) {
        const auto count_a = nodes_[a].stats.count;
        const auto count_b = nodes_[b].stats.count;
        if (count_a != count_b) return count_a > count_b;
        return move_order_key(nodes_[a].move) < move_order_key(nodes_[b].move);
    });
    return children;
}

std::vector<go::Move> Trie::path_to(NodeId node) const {
    std::vector<go::Move> path;
    for (NodeId at = node; at != kRoot && at != kNoNode; at = nodes_[at].parent) path.push_back(nodes_[at].move);
    std::reverse(path.begin(), path.end());
    return path;
}

std::size_t Trie::terminal_count() const {
    return static_cast<std::size_t>(
        std::count_if(nodes_.begin(), nodes_.end(), [](const TrieNode& n) { return n.stats.ends > 0; }));
}

}  // namespace josekic::dictionary
