#include "index/index_writer.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "emit/atomic_file.hpp"
#include "index/index_format.hpp"
#include "index/index_options.hpp"
#include "index/key_spill.hpp"
#include "index/line_moves.hpp"
#include "index/move_code.hpp"
#include "index/pattern_blocks.hpp"
#include "index/pattern_summary.hpp"
#include "index/position_keys.hpp"
#include "index/section_sink.hpp"

namespace josekic::index {

namespace {

using dictionary::NodeId;

std::uint32_t checked_u32(std::size_t value, const char* what) {
    if (value > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error(std::string("the index cannot hold this many ") + what);
    return static_cast<std::uint32_t>(value);
}

// The sections of an index: the games (strings, records and their columns), four per tree,
// the position table and its directory, the options; then the corner patterns (their
// blocks, directory and game years).
constexpr std::size_t kSectionCount = 2 + kGameColumns.size() + 2 * 4 + 2 + 1;
constexpr std::size_t kMergeSectionCount = 4;
constexpr std::size_t kPatternSectionCount = 5;

// The strings section: each text once, at the offset of its first use by the games in
// their order (most recent first), as a 16-bit length and its bytes. The game table's
// handles say which texts are equal; a text cut to the 16-bit length may become equal to
// another, so texts that long are matched by their text.
class IndexStrings {
  public:
    explicit IndexStrings(const dictionary::StringPool& text)
        : text_(text), offsets_(text.size(), kNotYet) {}

    std::uint32_t add(dictionary::StringId id) {
        std::uint32_t& offset = offsets_[id];
        if (offset != kNotYet) return offset;
        std::string_view text = text_[id];
        if (text.size() < kMaxLength) return offset = append(text);
        text = text.substr(0, kMaxLength);
        const auto [at, inserted] = long_texts_.try_emplace(text, 0);
        if (inserted) at->second = append(text);
        return offset = at->second;
    }
    std::vector<std::byte> take() { return std::move(bytes_); }

  private:
    static constexpr std::size_t kMaxLength = std::numeric_limits<std::uint16_t>::max();
    static constexpr std::uint32_t kNotYet = std::numeric_limits<std::uint32_t>::max();

    std::uint32_t append(std::string_view text) {
        // Offsets stay below kNotYet.
        const std::uint32_t at = checked_u32(bytes_.size() + 1, "bytes of text") - 1;
        bytes_.resize(bytes_.size() + 2);
        store_le(static_cast<std::uint16_t>(text.size()), bytes_.data() + bytes_.size() - 2);
        for (char c : text) bytes_.push_back(static_cast<std::byte>(c));
        return at;
    }

    const dictionary::StringPool& text_;
    std::vector<std::uint32_t> offsets_;  // by handle; kNotYet until first used
    std::unordered_map<std::string_view, std::uint32_t> long_texts_;
    std::vector<std::byte> bytes_;
};

// Games most recent first, so that the first games of a node's lines are its latest.
std::vector<std::uint32_t> game_order(const dictionary::GameTable& games,
                                      std::vector<std::uint32_t>& new_id) {
    std::vector<std::uint32_t> order(games.size());
    std::iota(order.begin(), order.end(), 0U);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return games.listed_before(a, b); });
    new_id.assign(games.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i) new_id[order[i]] = static_cast<std::uint32_t>(i);
    return order;
}

void add_games_sections(const dictionary::GameTable& games, std::span<const std::uint32_t> order,
                        SectionSink& sink) {
    IndexStrings pool(games.strings());
    std::vector<GameRecord> records;
    records.reserve(order.size());
    for (std::uint32_t id : order) {
        const dictionary::StoredGame& g = games.stored(id);
        GameRecord r;
        r.black_player = pool.add(g.black_player);
        r.white_player = pool.add(g.white_player);
        r.black_rank = pool.add(g.black_rank);
        r.white_rank = pool.add(g.white_rank);
        r.date = pool.add(g.date);
        r.event = pool.add(g.event);
        r.result = pool.add(g.result);
        r.source_dir = pool.add(g.source_dir);
        r.source_name = pool.add(g.source_name);
        r.index_in_file = static_cast<std::uint32_t>(std::max(g.index_in_file, 0));
        r.year = indexed_year(g.year());
        records.push_back(r);
    }
    const std::vector<std::byte> strings = pool.take();
    sink.begin(static_cast<std::uint32_t>(SectionId::Strings), record_size_of(SectionId::Strings),
               strings.size());
    sink.append(strings);
    write_records<GameRecord>(sink, static_cast<std::uint32_t>(SectionId::Games), records);
    for (const GameColumn& column : kGameColumns) {
        const auto id = static_cast<std::uint32_t>(column.id);
        const std::uint32_t size = record_size_of(id);
        std::vector<std::byte> bytes(records.size() * size);
        for (std::size_t i = 0; i < records.size(); ++i)
            encode_column(column, records[i], bytes.data() + i * size);
        sink.begin(id, size, records.size());
        sink.append(bytes);
    }
}

// Enough of a node's own lines to hold kStoredRecentGames games, even when some games have
// a line in each corner.
constexpr std::uint32_t kOwnLinesLooked = 64;

// What the walk needs of each node, by id: where its lines begin in the tree's log (grouped by
// end node) and the size of its subtree, side by side so that a node costs the walk one cache
// miss for both.
class NodeTable {
  public:
    explicit NodeTable(const TreeInput& input)
        : lines_(input.lines), by_id_(input.trie->size() + 1) {
        const dictionary::Trie& trie = *input.trie;
        const std::size_t n = trie.size();
        NodeId previous_end = 0;
        for (const IndexedLine& line : lines_) {
            if (line.end >= n) throw std::logic_error("index: a line ends outside its trie");
            if (line.end < previous_end)
                throw std::logic_error("index: the lines are not grouped by end node");
            previous_end = line.end;
            ++by_id_[line.end + 1].first_line;
        }
        for (std::size_t i = 0; i < n; ++i) by_id_[i + 1].first_line += by_id_[i].first_line;
        // A parent's id is below its children's, so one pass down the ids adds each subtree
        // to its parent's.
        for (std::size_t id = 0; id < n; ++id) by_id_[id].subtree_size = 1;
        for (std::size_t id = n; id-- > 1;)
            by_id_[trie.parent(static_cast<NodeId>(id))].subtree_size += by_id_[id].subtree_size;
    }

    /// The lines that end at `id`, by game id and then move numbers.
    std::span<const IndexedLine> lines_of(NodeId id) const {
        return lines_.subspan(by_id_[id].first_line,
                              by_id_[id + 1].first_line - by_id_[id].first_line);
    }
    /// The nodes in the subtree of `id`, itself included.
    std::uint32_t subtree_size(NodeId id) const { return by_id_[id].subtree_size; }

  private:
    struct ById {
        std::uint32_t first_line = 0;
        std::uint32_t subtree_size = 0;
    };
    std::span<const IndexedLine> lines_;
    std::vector<ById> by_id_;  // one more than the nodes: the end of the last node's lines
};

// A node's lines as the index stores them, in output order: by game (most recent first), then
// by where in the game they begin. Reuses one buffer.
class OwnLines {
  public:
    OwnLines(const NodeTable& table, std::span<const std::uint32_t> new_game)
        : table_(table), new_game_(new_game) {}

    std::span<const LineRecord> of(NodeId id) {
        const std::span<const IndexedLine> lines = table_.lines_of(id);
        if (lines.empty()) return {};  // most nodes
        records_.resize(lines.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            LineRecord& r = records_[i];
            r.game = new_game_[lines[i].game];
            r.year = lines[i].year;
            r.move_numbers = lines[i].move_numbers;
            r.outcome = static_cast<std::uint8_t>(lines[i].outcome);
        }
        if (records_.size() > 1) {
            std::sort(
                records_.begin(), records_.end(), [](const LineRecord& a, const LineRecord& b) {
                    return a.game != b.game ? a.game < b.game : a.move_numbers < b.move_numbers;
                });
        }
        return records_;
    }

  private:
    const NodeTable& table_;
    std::span<const std::uint32_t> new_game_;
    std::vector<LineRecord> records_;
};

// The lines a StatsRecord names: of its node's kStoredRecentGames most recent distinct games,
// the line of each that begins first (a game can have a line in two corners), as lookup's
// scan names them. A node's are the best of its own lines and its children's, found when
// the walk leaves it: its children's wait on a stack (flat, to allocate nothing per node)
// until then.
class RecentLines {
  public:
    explicit RecentLines(std::span<const std::uint8_t> move_numbers)
        : move_numbers_(move_numbers) {}

    /// Enters a node: the first of its own lines (in output order, the first of them numbered
    /// `first_line`) become candidates for its list, with its children's lists to come.
    /// Returns where its candidates begin, for leave().
    std::size_t enter(std::span<const LineRecord> own, std::uint32_t first_line) {
        const std::size_t mark = items_.size();
        // Own lines are sorted by game, a game's lines together: their first few are enough
        // (counted apart from the children's lists, which can fill any common bound alone).
        const std::size_t looked = std::min<std::size_t>(own.size(), kOwnLinesLooked);
        for (std::size_t k = 0; k < looked; ++k)
            items_.emplace_back(own[k].game, first_number(own[k]),
                                first_line + static_cast<std::uint32_t>(k));
        return mark;
    }
    /// The list of a node being left: the best of its candidates, above `mark`. Writes it to
    /// `record`, if there is one, and keeps it for the node's parent.
    void leave(std::size_t mark, StatsRecord* record) {
        const auto candidates = std::span(items_).subspan(mark);
        if (is_list(candidates)) {
            // Most nodes: one child's list or one line of their own, which is their list too.
            if (record != nullptr) name(candidates, *record);
            return;
        }
        candidates_.assign(candidates.begin(), candidates.end());
        items_.resize(mark);
        std::sort(candidates_.begin(), candidates_.end());
        std::size_t kept = 0;
        for (const Item& c : candidates_) {
            if (kept == kStoredRecentGames) break;
            if (kept != 0 && std::get<0>(items_.back()) == std::get<0>(c)) continue;
            items_.push_back(c);
            ++kept;
        }
        if (record != nullptr) name(std::span(items_).subspan(mark), *record);
    }

  private:
    // Game, the move number of the line's first stone, line.
    using Item = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;

    // Whether `items` are a list as leave() makes them: at most kStoredRecentGames, in
    // order, each of another game.
    static bool is_list(std::span<const Item> items) {
        if (items.size() > kStoredRecentGames) return false;
        for (std::size_t i = 1; i < items.size(); ++i) {
            if (std::get<0>(items[i - 1]) >= std::get<0>(items[i])) return false;
        }
        return true;
    }
    static void name(std::span<const Item> list, StatsRecord& record) {
        record.recent_lines.fill(kNoLine);
        for (std::size_t k = 0; k < list.size(); ++k) record.recent_lines[k] = std::get<2>(list[k]);
    }

    std::uint32_t first_number(const LineRecord& line) const {
        if (move_numbers_.empty()) return 0;  // fuseki: a game has one line at a node
        const go::Move first{};
        return move_number_at(std::as_bytes(move_numbers_), line.move_numbers, std::span(&first, 1))
            .value_or(0);
    }

    std::span<const std::uint8_t> move_numbers_;
    std::vector<Item> items_;
    std::vector<Item> candidates_;
};

void add_tree_sections(Tree tree, const TreeInput& input, std::span<const std::uint32_t> new_game,
                       SectionSink& sink, KeySpill& keys) {
    const dictionary::Trie& trie = *input.trie;
    const std::size_t n = trie.size();
    if (n >= kFusekiNodeBit) throw std::length_error("the index cannot hold this many nodes");
    const std::uint32_t line_count = checked_u32(input.lines.size(), "lines");
    if (new_game.size() >= kMaxGames)
        throw std::length_error("the index cannot hold this many games");
    if (trie.count(dictionary::kRoot) != line_count)
        throw std::logic_error("index: the logged lines do not match the trie's count");

    const NodeTable table(input);
    OwnLines own_lines(table, new_game);

    // One depth-first walk in preorder, children in the trie's output order, reads each trie
    // node once and writes its record, its lines (the section beside the nodes'), its
    // statistics and its position key (a keyer per open branch: position_keys.hpp) as it
    // enters it; it names its recent lines when it leaves it. Only the statistics, a few
    // nodes' worth, are held until the walk ends.
    sink.begin(section_id(tree, TreePart::Nodes), record_size_of(section_id(tree, TreePart::Nodes)),
               n + 1);
    sink.begin_beside(section_id(tree, TreePart::Lines),
                      record_size_of(section_id(tree, TreePart::Lines)), line_count);
    const auto put_node = [&sink](std::span<const std::byte> bytes) { sink.append(bytes); };
    const auto put_line = [&sink](std::span<const std::byte> bytes) { sink.append_beside(bytes); };
    RecordStream<NodeRecord, decltype(put_node)> nodes_out(put_node);
    RecordStream<LineRecord, decltype(put_line)> lines_out(put_line);
    std::vector<StatsRecord> stats;
    RecentLines recent(input.move_numbers);
    PositionWalk keyers(tree);
    constexpr std::uint32_t kNoStats = std::numeric_limits<std::uint32_t>::max();
    struct Step {
        NodeId node;
        std::uint32_t parent_keyer;  ///< a PositionWalk::Slot
        // When leaving:
        std::uint32_t mark;   ///< what RecentLines::enter() returned
        std::uint32_t stats;  ///< its StatsRecord in `stats`, or kNoStats
        bool leaving;
        bool last_child;  ///< the last of its siblings the walk enters
    };
    std::vector<Step> stack{
        {dictionary::kRoot, static_cast<std::uint32_t>(keyers.root()), 0, kNoStats, false, true}};
    std::vector<NodeId> children;
    std::uint32_t visited = 0;
    std::uint32_t lines_written = 0;
    while (!stack.empty()) {
        const Step step = stack.back();
        stack.pop_back();
        if (step.leaving) {
            recent.leave(step.mark, step.stats != kNoStats ? &stats[step.stats] : nullptr);
            continue;
        }
        const std::uint32_t at = visited++;
        // The move and count only: a whole TrieNode would also unpack every node's statistics
        // and look up its links, which the walk does not need.
        const go::Move move = trie.move(step.node);
        const PositionWalk::Slot keyer =
            at == 0 ? step.parent_keyer : keyers.enter(step.parent_keyer, step.last_child, move);
        keys.push_back(keyers.key(keyer));
        nodes_out.push(NodeRecord{static_cast<std::uint16_t>(at == 0 ? 0 : encode_move(move)),
                                  at + table.subtree_size(step.node), lines_written});
        const std::span<const LineRecord> own = own_lines.of(step.node);
        for (const LineRecord& line : own) lines_out.push(line);
        const std::size_t mark = recent.enter(own, lines_written);
        std::uint32_t stats_at = kNoStats;
        if (trie.count(step.node) > kStoredStatsAbove) {
            const dictionary::NodeStats s = trie.stats(step.node);
            stats_at = static_cast<std::uint32_t>(stats.size());
            stats.push_back(StatsRecord{at,
                                        s.count,
                                        s.ends,
                                        s.first_player_wins,
                                        s.second_player_wins,
                                        s.draws,
                                        s.unknown,
                                        s.first_year,
                                        s.last_year,
                                        {}});
        }
        stack.push_back({step.node, static_cast<std::uint32_t>(keyer),
                         static_cast<std::uint32_t>(mark), stats_at, true, false});
        lines_written += static_cast<std::uint32_t>(own.size());
        trie.sorted_children(step.node, children);
        if (children.empty()) {
            keyers.release(keyer);
            continue;
        }
        // Pushed in reverse, so the first child is entered first and the last one last.
        for (auto c = children.rbegin(); c != children.rend(); ++c)
            stack.push_back({*c, static_cast<std::uint32_t>(keyer), 0, kNoStats, false,
                             c == children.rbegin()});
    }
    // A sentinel after the last node holds the total of lines.
    nodes_out.push(NodeRecord{0, static_cast<std::uint32_t>(n), line_count});
    nodes_out.flush();
    lines_out.flush();
    keys.end_tree(tree == Tree::Joseki ? 0 : 1);

    write_records<StatsRecord>(sink, section_id(tree, TreePart::Stats), stats);
    checked_u32(input.move_numbers.size(), "move numbers");
    sink.begin(section_id(tree, TreePart::MoveNumbers),
               record_size_of(section_id(tree, TreePart::MoveNumbers)), input.move_numbers.size());
    sink.append(std::as_bytes(input.move_numbers));
}

// One table for both trees: a shared directory costs half of one per tree. `keys` holds the
// key of each node (in preorder) of the joseki tree, then of the fuseki tree.
void add_position_sections(const KeySpill& keys, SectionSink& sink) {
    const std::size_t total = keys.size(0) + keys.size(1);
    checked_u32(total, "positions");
    const unsigned bits = directory_bits(total);
    const std::size_t buckets = std::size_t{1} << bits;
    const auto for_each_position = [&keys](auto&& f) {
        keys.for_each([&f](std::size_t tree, std::size_t i, std::uint64_t key) {
            const std::uint32_t tree_bit = tree == 1 ? kFusekiNodeBit : 0;
            f(PositionRecord{key, static_cast<std::uint32_t>(i) | tree_bit});
        });
    };
    // The order of lookups is bucket, then the stored low 32 bits, then node. The records go
    // encoded straight to their bucket (about four positions each), which is then sorted on
    // its own: no sorted copy of the table is ever held beside it.
    std::vector<std::uint32_t> bucket_start(buckets + 1, 0);
    for_each_position(
        [&](const PositionRecord& p) { ++bucket_start[key_bucket(p.key, bits) + 1]; });
    for (std::size_t b = 0; b < buckets; ++b) bucket_start[b + 1] += bucket_start[b];
    // Written a range of buckets at a time, each range gathered by a pass over the keys and
    // sorted in a buffer of about a quarter of the table (or one bucket, if larger): the
    // table is never held whole, for four passes over the keys. (The floor is small so that
    // the small dictionaries of the tests take several ranges too.)
    sink.begin(static_cast<std::uint32_t>(SectionId::Positions),
               record_size_of(SectionId::Positions), total);
    const std::size_t per_chunk = std::max<std::size_t>(64, (total + 3) / 4);
    std::vector<PositionRecord> records;
    std::vector<std::uint32_t> next;
    for (std::size_t first_bucket = 0; first_bucket < buckets;) {
        std::size_t end_bucket = first_bucket + 1;
        while (end_bucket < buckets &&
               bucket_start[end_bucket + 1] - bucket_start[first_bucket] <= per_chunk)
            ++end_bucket;
        const std::uint32_t base = bucket_start[first_bucket];
        records.resize(bucket_start[end_bucket] - base);
        next.assign(bucket_start.begin() + static_cast<std::ptrdiff_t>(first_bucket),
                    bucket_start.begin() + static_cast<std::ptrdiff_t>(end_bucket));
        for_each_position([&](const PositionRecord& p) {
            const std::size_t b = key_bucket(p.key, bits);
            if (b >= first_bucket && b < end_bucket) records[next[b - first_bucket]++ - base] = p;
        });
        for (std::size_t b = first_bucket; b < end_bucket; ++b) {
            std::sort(records.begin() + (bucket_start[b] - base),
                      records.begin() + (bucket_start[b + 1] - base),
                      [](const PositionRecord& x, const PositionRecord& y) {
                          const std::uint64_t kx = x.key & kKeyLowMask;
                          const std::uint64_t ky = y.key & kKeyLowMask;
                          return kx != ky ? kx < ky : x.node < y.node;
                      });
        }
        append_records<PositionRecord>(sink, records);
        first_bucket = end_bucket;
    }
    sink.begin(static_cast<std::uint32_t>(SectionId::PositionDirectory),
               record_size_of(SectionId::PositionDirectory), buckets + 1);
    std::vector<std::byte> directory((buckets + 1) * 4);
    for (std::size_t bucket = 0; bucket <= buckets; ++bucket)
        store_le(bucket_start[bucket], directory.data() + bucket * 4);
    sink.append(directory);
}

// The merge sections: the caller's bytes, then the kept games' numbers in the order they were
// added to the table (which is input order).
void add_merge_sections(const MergeInput& merge, std::span<const std::uint32_t> new_game,
                        SectionSink& sink) {
    const auto run_id = static_cast<std::uint32_t>(SectionId::MergeRun);
    sink.begin(run_id, record_size_of(run_id), merge.run.size());
    sink.append(merge.run);
    const auto games_id = static_cast<std::uint32_t>(SectionId::MergeGames);
    sink.begin(games_id, record_size_of(games_id), merge.games->size());
    merge.games->for_each_piece([&sink](std::span<const std::byte> piece) { sink.append(piece); });
    const auto numbers_id = static_cast<std::uint32_t>(SectionId::MergeGameNumbers);
    sink.begin(numbers_id, record_size_of(numbers_id), new_game.size());
    sink.append(std::as_bytes(new_game));  // u32 little-endian, as the supported hosts are
    const std::vector<std::byte> arguments = encode_output_arguments(merge.output_arguments);
    const auto arguments_id = static_cast<std::uint32_t>(SectionId::OutputOptions);
    sink.begin(arguments_id, record_size_of(arguments_id), arguments.size());
    sink.append(arguments);
}

// The corner patterns in key order, each with its occurrences by game (most recent first),
// move number and next move, in blocks (pattern_blocks.hpp): the blocks' bytes are the open
// section, whose size is known only at the end; then the directory, held until then (a
// record a block), the years of the games in `order`, the index's, and the summaries of the
// patterns of more than `summaries_above` occurrences (pattern_summary.hpp), held too.
void add_pattern_sections(PatternSpill& spill, const dictionary::GameTable& games,
                          std::span<const std::uint32_t> order,
                          std::span<const std::uint32_t> new_game, std::uint32_t summaries_above,
                          SectionSink& sink) {
    const std::uint64_t total = checked_u32(spill.size(), "pattern occurrences");
    std::vector<std::int16_t> years(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        years[i] = indexed_year(games.stored(static_cast<dictionary::GameId>(order[i])).year());
    const std::vector<YearRunRecord> runs = year_runs(years);
    // The eras a query shows, made as it makes them: from the runs.
    PatternSummaryWriter summaries(summaries_above, YearRuns(runs),
                                   static_cast<std::uint32_t>(order.size()));

    const auto occurrences_id = static_cast<std::uint32_t>(SectionId::PatternOccurrences);
    sink.begin(occurrences_id, record_size_of(occurrences_id), 0);
    PatternBlockWriter blocks([&sink](std::span<const std::byte> bytes) { sink.append(bytes); });
    std::vector<PatternOccurrence> occurrences;
    std::uint64_t written = 0;
    spill.for_each_pattern([&](PatternKey key, std::span<const SpilledOccurrence> group) {
        occurrences.clear();
        for (const SpilledOccurrence& o : group) {
            if (o.game >= new_game.size())
                throw std::logic_error("index: a pattern names a game outside the table");
            occurrences.push_back(PatternOccurrence{new_game[o.game], o.event.move_number,
                                                    o.event.next,
                                                    static_cast<std::uint8_t>(o.event.outcome)});
        }
        std::sort(occurrences.begin(), occurrences.end(),
                  [](const PatternOccurrence& a, const PatternOccurrence& b) {
                      return std::tie(a.game, a.move_number, a.next) <
                             std::tie(b.game, b.move_number, b.next);
                  });
        blocks.add(key, occurrences);
        summaries.add(key, occurrences);
        written += occurrences.size();
    });
    if (written != total) throw std::logic_error("index: the pattern merge lost occurrences");
    const std::vector<PatternBlockRecord> directory = blocks.finish();
    sink.set_count(blocks.bytes());
    write_records<PatternBlockRecord>(sink, static_cast<std::uint32_t>(SectionId::PatternDirectory),
                                      directory);
    write_records<YearRunRecord>(sink, static_cast<std::uint32_t>(SectionId::PatternYears), runs);
    write_records<PatternSummaryRecord>(
        sink, static_cast<std::uint32_t>(SectionId::PatternSummaryDirectory), summaries.finish());
    const auto summaries_id = static_cast<std::uint32_t>(SectionId::PatternSummaries);
    sink.begin(summaries_id, record_size_of(summaries_id), summaries.bytes().size());
    sink.append(summaries.bytes());
}

}  // namespace

std::uint64_t write_index(const IndexInput& input, emit::AtomicFile& file) {
    SectionSink sink(file, kSectionCount + (input.merge != nullptr ? kMergeSectionCount : 0) +
                               (input.patterns != nullptr ? kPatternSectionCount : 0));
    IndexTimes unused;
    IndexTimes& times = input.times != nullptr ? *input.times : unused;
    // Adds the seconds since the last call to `seconds`.
    auto last = std::chrono::steady_clock::now();
    const auto lap = [&last](double& seconds) {
        const auto now = std::chrono::steady_clock::now();
        seconds += std::chrono::duration<double>(now - last).count();
        last = now;
    };
    {
        std::vector<std::uint32_t> new_game;
        const std::vector<std::uint32_t> order = game_order(*input.games, new_game);
        add_games_sections(*input.games, order, sink);
        if (input.merge != nullptr) add_merge_sections(*input.merge, new_game, sink);
        lap(times.games);
        if (input.wait_for_lines) input.wait_for_lines();
        KeySpill keys(file.target().parent_path());
        last = std::chrono::steady_clock::now();  // the wait is the caller's, not the index's
        add_tree_sections(Tree::Joseki, input.joseki, new_game, sink, keys);
        lap(times.joseki);
        add_tree_sections(Tree::Fuseki, input.fuseki, new_game, sink, keys);
        lap(times.fuseki);
        add_position_sections(keys, sink);
        lap(times.positions);
        if (input.patterns != nullptr) {
            add_pattern_sections(*input.patterns, *input.games, order, new_game,
                                 input.pattern_summaries_above, sink);
            lap(times.patterns);
        }
    }
    const std::array<OptionsRecord, 1> options{input.options};
    write_records<OptionsRecord>(sink, static_cast<std::uint32_t>(SectionId::Options), options);
    return sink.finish();
}

}  // namespace josekic::index
