#include "index/node_trends.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <memory>
#include <mutex>

namespace josekic::index {

namespace {

// Above this many lines in all, the players column is read whole (8 bytes a game, in blocks)
// rather than a record per game: a read each costs a system call.
constexpr std::uint64_t kLinesReadingWholeColumn = 20'000;

// A set of small integers (game ids, text offsets) as bits, cleared by the members it got.
class BitSet {
  public:
    explicit BitSet(std::uint64_t size) : words_((size + 63) / 64) {}
    // Whether `i` was new.
    bool insert(std::uint64_t i) {
        std::uint64_t& word = words_[i / 64];
        const std::uint64_t bit = std::uint64_t{1} << (i % 64);
        const bool added = (word & bit) == 0;
        word |= bit;
        return added;
    }
    bool contains(std::uint64_t i) const { return (words_[i / 64] >> (i % 64) & 1U) != 0; }
    void clear() { std::fill(words_.begin(), words_.end(), 0); }
    // Calls visit(i) for each member, in order.
    template <typename Visit>
    void for_each(Visit visit) const {
        for (std::size_t w = 0; w < words_.size(); ++w)
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
                visit(w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits)));
    }

  private:
    std::vector<std::uint64_t> words_;
};

}  // namespace

TrendCounter::TrendCounter(const IndexFile& index) : index_(&index) {
    const std::vector<std::byte> pool = index.string_pool();
    pool_size_ = pool.size();
    for (std::uint64_t at = 0; at + 2 <= pool.size();) {
        const auto length = load_le<std::uint16_t>(pool.data() + at);
        if (length == 0) empty_text_ = static_cast<std::uint32_t>(at);
        at += 2 + std::uint64_t{length};
    }
}

std::vector<NodeTrend> TrendCounter::count(Tree tree, std::span<const std::uint32_t> nodes,
                                           const GameSelection* selection, Figures figures) const {
    const TreeView& view = index_->tree(tree);
    const std::size_t k = nodes.size();
    // A node's lines are a range; the ranges of a node and its continuations are nested, so
    // the scan goes from cut to cut (the ranges' ends), each piece counted for every node
    // whose range holds it.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
    std::vector<std::uint32_t> cuts;
    for (std::uint32_t node : nodes) {
        const std::uint32_t first = view.node(node).lines_begin;
        const std::uint32_t last = view.node(view.node(node).subtree_end).lines_begin;
        if (last < first) view.damaged("bad line range");
        ranges.emplace_back(first, last);
        cuts.push_back(first);
        cuts.push_back(last);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<std::vector<std::size_t>> holders(cuts.empty() ? 0 : cuts.size() - 1);
    std::uint64_t lines = 0;
    for (std::size_t piece = 0; piece < holders.size(); ++piece) {
        for (std::size_t n = 0; n < k; ++n)
            if (ranges[n].first <= cuts[piece] && cuts[piece + 1] <= ranges[n].second)
                holders[piece].push_back(n);
        if (!holders[piece].empty()) lines += cuts[piece + 1] - cuts[piece];
    }

    constexpr SectionId kColumn = SectionId::GamePlayers;
    std::vector<std::array<std::uint32_t, 2>> column;  // every game's, when read whole
    // One whole column in memory at a time (8 MB for a million games), however many threads
    // of a server count at once.
    std::unique_lock<std::mutex> holding_column(whole_column_, std::defer_lock);
    const bool players = figures == Figures::YearsAndPlayers;
    if (players && lines > kLinesReadingWholeColumn) {
        holding_column.lock();
        column.resize(index_->game_count());
        index_->for_each_column_record(kColumn, [&](std::uint32_t id, const std::byte* r) {
            column[id] = {load_le<std::uint32_t>(r), load_le<std::uint32_t>(r + 4)};
        });
    }
    const auto players_of = [&](std::uint32_t game) {
        if (!column.empty()) return column[game];
        std::array<std::byte, 8> r;
        index_->read_column_record(kColumn, game, r);
        return std::array<std::uint32_t, 2>{load_le<std::uint32_t>(r.data()),
                                            load_le<std::uint32_t>(r.data() + 4)};
    };

    std::vector<NodeTrend> trends(k);
    // The games of each node whose range is open, a bit each: a set is taken when the range
    // begins and given back when it ends and its players are counted, so that a request
    // holds as many as ranges are nested (two for a node and its continuations), not one a
    // node.
    std::vector<std::unique_ptr<BitSet>> games(k);
    std::vector<std::unique_ptr<BitSet>> spare;
    BitSet names(pool_size_);
    const auto open = [&](std::size_t n) {
        if (spare.empty()) {
            games[n] = std::make_unique<BitSet>(index_->game_count());
        } else {
            games[n] = std::move(spare.back());
            spare.pop_back();
        }
    };
    const auto close = [&](std::size_t n) {
        games[n]->for_each([&](std::uint64_t game) {
            for (std::uint32_t name : players_of(static_cast<std::uint32_t>(game))) {
                if (name >= pool_size_) index_->damaged("a player's name lies outside the pool");
                if (names.insert(name) && name != empty_text_) ++trends[n].players;
            }
        });
        names.clear();
        games[n]->clear();
        spare.push_back(std::move(games[n]));
    };
    // The years met get a slot each (a few dozen in a collection), each with a counter per
    // node: a node's years without a search per line, in a few kB.
    constexpr int kLowest = std::numeric_limits<std::int16_t>::min();
    constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> slot_of_year(std::size_t{1} << 16, kNoSlot);
    std::vector<int> years_met;
    std::vector<std::uint32_t> per_slot;  // the count of node n in slot s at [s * k + n]

    for (std::size_t c = 0; c < cuts.size(); ++c) {
        // The ranges that end here are counted, then those that begin here (and hold lines)
        // are opened.
        for (std::size_t n = 0; n < k; ++n)
            if (ranges[n].second == cuts[c] && games[n]) close(n);
        for (std::size_t n = 0; n < k; ++n)
            if (players && ranges[n].first == cuts[c] && ranges[n].first < ranges[n].second)
                open(n);
        if (c == holders.size() || holders[c].empty()) continue;
        const std::vector<std::size_t>& holding = holders[c];
        view.for_each_line(cuts[c], cuts[c + 1], [&](std::uint32_t, const LineRecord& line) {
            if (selection != nullptr && !selection->contains(line)) return;
            if (line.game >= index_->game_count()) view.damaged("a line's game is out of range");
            std::uint32_t& slot = slot_of_year[static_cast<std::size_t>(line.year - kLowest)];
            if (slot == kNoSlot) {
                slot = static_cast<std::uint32_t>(years_met.size());
                years_met.push_back(line.year);
                per_slot.resize(per_slot.size() + k, 0);
            }
            for (const std::size_t n : holding) {
                ++per_slot[slot * k + n];
                if (players) games[n]->insert(line.game);
            }
        });
    }
    for (std::size_t s = 0; s < years_met.size(); ++s)
        for (std::size_t n = 0; n < k; ++n)
            if (per_slot[s * k + n] != 0)
                trends[n].years.emplace(years_met[s], per_slot[s * k + n]);
    return trends;
}

}  // namespace josekic::index
