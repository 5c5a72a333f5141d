#include "compiler/compile/side_stats_builder.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace josekic::compile {

namespace {

using dictionary::NodeId;
using dictionary::SideStats;
using dictionary::Trie;

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Player numbers: a named player's is the handle of the name in the game table's strings
// (equal names, equal handles), then one per (game, colour) without a name.
class Players {
  public:
    explicit Players(const dictionary::GameTable& games) : games_(games) {}

    std::uint32_t of(dictionary::GameId game, go::Color colour) const {
        const dictionary::StoredGame& g = games_.stored(game);
        const dictionary::StringId name =
            colour == go::Color::Black ? g.black_player : g.white_player;
        if (!games_.strings()[name].empty()) return name;
        return static_cast<std::uint32_t>(games_.strings().size() + 2 * std::size_t{game} +
                                          (colour == go::Color::White ? 1 : 0));
    }

  private:
    const dictionary::GameTable& games_;
};

}  // namespace

SideStats compute_side_stats(const Trie& trie, std::span<const index::IndexedLine> lines,
                             const dictionary::Eras& eras) {
    // The kept nodes (SideStats::kept) in id order; a parent's id is below its children's, and
    // the kept nodes are closed under taking the parent.
    std::vector<NodeId> kept;
    for (NodeId id = 0; id < trie.size(); ++id) {
        if (SideStats::kept(trie, id)) kept.push_back(id);
    }
    const auto dense = [&kept](NodeId id) {
        return static_cast<std::uint32_t>(std::lower_bound(kept.begin(), kept.end(), id) -
                                          kept.begin());
    };
    std::vector<std::uint32_t> parent(kept.size(), kNone);
    std::vector<go::Color> colour(kept.size(), go::Color::Black);
    for (std::uint32_t d = 0; d < kept.size(); ++d) {
        if (kept[d] == dictionary::kRoot) continue;
        parent[d] = dense(trie.parent(kept[d]));
        colour[d] = trie.move(kept[d]).color;
    }
    // Each kept node's players, then its lines per era (SideStats's table).
    const std::size_t stride = SideStats::stride(eras);
    std::vector<dictionary::NodeStats::Counter> table(kept.size() * stride, 0);
    const auto players_of = [&table, stride](std::uint32_t d) -> dictionary::NodeStats::Counter& {
        return table[d * stride];
    };
    const auto lines_in_era = [&table, stride](std::uint32_t d,
                                               std::size_t era) -> dictionary::NodeStats::Counter& {
        return table[d * stride + 1 + era];
    };

    // Each line counts in its era at its deepest kept node (the rest of it is a tail of one
    // line) and later, summed upwards, at every kept node above. Each of its two players is a
    // choice: (player, deepest kept node, the colour that player has in the line).
    Players players(trie.games());
    std::vector<std::uint64_t> choices;
    choices.reserve(2 * lines.size());
    for (const index::IndexedLine& line : lines) {
        NodeId at = line.end;
        while (at != dictionary::kRoot && !SideStats::kept(trie, at)) at = trie.parent(at);
        if (!SideStats::kept(trie, at)) continue;
        const std::uint32_t deepest = dense(at);
        if (const std::optional<int> year = trie.games().stored(line.game).year())
            ++lines_in_era(deepest, eras.era_of(*year));
        for (const go::Color played : {go::Color::Black, go::Color::White}) {
            const go::Color in_line = line.colours_swapped ? go::opponent(played) : played;
            choices.push_back(std::uint64_t{players.of(line.game, played)} << 32 |
                              std::uint64_t{deepest} << 1 |
                              (in_line == go::Color::White ? 1U : 0U));
        }
    }
    for (std::uint32_t d = static_cast<std::uint32_t>(kept.size()); d-- > 1;) {
        if (parent[d] == kNone) continue;
        for (std::size_t e = 0; e < eras.count(); ++e)
            lines_in_era(parent[d], e) += lines_in_era(d, e);
    }

    // A player's choices one after another: a node counts the player once, at the first line
    // that reaches it with that player to move. A walk up stops at a node the player already
    // counted, since that line counted every node above it as well.
    std::sort(choices.begin(), choices.end());
    std::vector<std::uint32_t> last_player(kept.size(), kNone);
    for (const std::uint64_t choice : choices) {
        const auto player = static_cast<std::uint32_t>(choice >> 32);
        const go::Color in_line = (choice & 1) != 0 ? go::Color::White : go::Color::Black;
        for (auto d = static_cast<std::uint32_t>(choice >> 1 & 0x7FFFFFFF); parent[d] != kNone;
             d = parent[d]) {
            if (colour[d] != in_line) continue;
            if (last_player[d] == player) break;
            last_player[d] = player;
            ++players_of(d);
        }
    }

    return SideStats(eras, std::move(kept), std::move(table));
}

}  // namespace josekic::compile
