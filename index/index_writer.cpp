#include "index/index_writer.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "emit/atomic_file.hpp"
#include "index/index_format.hpp"
#include "index/key_spill.hpp"
#include "index/line_moves.hpp"
#include "index/move_code.hpp"
#include "index/position_keys.hpp"

namespace josekic::index {

namespace {

using dictionary::NodeId;

std::uint32_t checked_u32(std::size_t value, const char* what) {
    if (value > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error(std::string("the index cannot hold this many ") + what);
    return static_cast<std::uint32_t>(value);
}

// The file being written: each section goes to it as soon as it is made, and the header
// with the section table, which needs every section's offset and checksum, is written last
// over the room left for it. The whole index is never in memory at once.
class SectionSink {
  public:
    SectionSink(emit::AtomicFile& file, std::size_t section_count)
        : file_(file),
          table_(kHeaderSize + section_count * kSectionEntrySize),
          sections_(section_count) {
        write(table_);  // room for the header, filled in by finish()
    }

    /// Starts a section of `count` records of `record_size` bytes; its bytes follow through
    /// append() until the next begin() or finish().
    void begin(std::uint32_t id, std::uint32_t record_size, std::uint64_t count) {
        close_section();
        if (written_ == sections_) throw std::logic_error("index: more sections than planned");
        open_ = Entry{id, record_size, file_.size(), count, 0};
    }
    void append(std::span<const std::byte> bytes) {
        open_->crc = crc32(bytes, open_->crc);
        write(bytes);
    }
    /// Writes the header and the section table; returns the file's size.
    std::uint64_t finish() {
        close_section();
        if (written_ != sections_) throw std::logic_error("index: fewer sections than planned");
        std::byte* head = table_.data();
        std::copy(reinterpret_cast<const std::byte*>(kMagic.data()),
                  reinterpret_cast<const std::byte*>(kMagic.data()) + kMagic.size(), head);
        store_le(kFormatVersion, head + 8);
        store_le(static_cast<std::uint32_t>(sections_), head + 12);
        store_le(file_.size(), head + 16);
        store_le(crc32(table_), head + kHeaderCrcOffset);
        file_.write_at(0, std::string_view(reinterpret_cast<const char*>(head), table_.size()));
        return file_.size();
    }

  private:
    struct Entry {
        std::uint32_t id;
        std::uint32_t record_size;
        std::uint64_t offset;
        std::uint64_t count;
        std::uint32_t crc;
    };

    void close_section() {
        if (!open_) return;
        const std::uint64_t bytes = file_.size() - open_->offset;
        if (bytes != open_->count * open_->record_size)
            throw std::logic_error("index: a section's size does not match its records");
        std::byte* entry = table_.data() + kHeaderSize + written_ * kSectionEntrySize;
        store_le(open_->id, entry);
        store_le(open_->record_size, entry + 4);
        store_le(open_->offset, entry + 8);
        store_le(open_->count, entry + 16);
        store_le(open_->crc, entry + 24);
        ++written_;
        open_.reset();
    }
    void write(std::span<const std::byte> bytes) {
        file_.write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    }

    emit::AtomicFile& file_;
    std::vector<std::byte> table_;
    std::size_t sections_;
    std::size_t written_ = 0;
    std::optional<Entry> open_;
};

// The sections of an index: the games (strings and records), four per tree, the position
// table and its directory, the options.
constexpr std::size_t kSectionCount = 2 + 2 * 4 + 2 + 1;

// Records are encoded into a buffer of about kChunkBytes at a time and handed on, so that
// no section is ever encoded whole.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

// Appends `records`, encoded, to the section open in `sink`.
template <typename Record>
void append_records(SectionSink& sink, std::span<const Record> records) {
    std::vector<std::byte> chunk;
    const std::size_t per_chunk = std::max<std::size_t>(1, kChunkBytes / Record::kSize);
    for (std::size_t first = 0; first < records.size(); first += per_chunk) {
        const std::size_t n = std::min(per_chunk, records.size() - first);
        chunk.resize(n * Record::kSize);
        for (std::size_t i = 0; i < n; ++i)
            encode(records[first + i], chunk.data() + i * Record::kSize);
        sink.append(chunk);
    }
}

// A section of `records`.
template <typename Record>
void write_records(SectionSink& sink, std::uint32_t id, std::span<const Record> records) {
    sink.begin(id, static_cast<std::uint32_t>(Record::kSize), records.size());
    append_records(sink, records);
}

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

// A game's year as the index stores it: 0 when unknown or out of range.
std::int16_t stored_year(const dictionary::StoredGame& game) {
    return dictionary::NodeStats::checked_year(game.year()).value_or(0);
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
        r.year = stored_year(g);
        records.push_back(r);
    }
    const std::vector<std::byte> strings = pool.take();
    sink.begin(static_cast<std::uint32_t>(SectionId::Strings), 1, strings.size());
    sink.append(strings);
    write_records<GameRecord>(sink, static_cast<std::uint32_t>(SectionId::Games), records);
}

// Names in each StatsRecord the lines of its node's kStoredRecentGames most recent distinct
// games. Nodes are visited in reverse preorder, so a node's children are done before it: a
// node's list is the best of its own lines and its children's lists, which wait on a stack
// (flat, to allocate nothing per node) until their parent takes them.
// Enough of a node's own lines to hold kStoredRecentGames games, even when some games have
// a line in each corner.
constexpr std::uint32_t kOwnLinesLooked = 64;

void fill_recent_lines(std::span<const NodeRecord> nodes, std::span<const LineRecord> lines,
                       std::span<const std::uint8_t> move_numbers,
                       std::vector<StatsRecord>& stats) {
    // Game, the move number of the line's first stone, line: of a game's several lines at a
    // node (a joseki in two corners) the one begun first is named, as lookup's scan does.
    using Item = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;
    const auto first_number = [move_numbers](const LineRecord& line) -> std::uint32_t {
        if (move_numbers.empty()) return 0;  // fuseki: a game has one line at a node
        const go::Move first{};
        return move_number_at(std::as_bytes(move_numbers), line.move_numbers, std::span(&first, 1))
            .value_or(0);
    };
    struct Pending {
        std::uint32_t node;
        std::size_t begin;
    };
    std::vector<Pending> pending;
    std::vector<Item> items;
    std::vector<Item> candidates;
    std::size_t next_stats = stats.size();
    const std::size_t n = nodes.size() - 1;
    for (std::size_t i = n; i-- > 0;) {
        candidates.clear();
        std::size_t begin = items.size();
        while (!pending.empty() && pending.back().node < nodes[i].subtree_end) {
            begin = pending.back().begin;
            pending.pop_back();
        }
        candidates.assign(items.begin() + static_cast<std::ptrdiff_t>(begin), items.end());
        items.resize(begin);
        // Own lines are sorted by game, a game's lines together: their first few are enough
        // (counted apart from the children's lists, which can fill any common bound alone).
        const std::uint32_t own_end =
            std::min(nodes[i + 1].lines_begin, nodes[i].lines_begin + kOwnLinesLooked);
        for (std::uint32_t l = nodes[i].lines_begin; l < own_end; ++l)
            candidates.emplace_back(lines[l].game, first_number(lines[l]), l);
        std::sort(candidates.begin(), candidates.end());
        std::size_t kept = 0;
        for (const Item& c : candidates) {
            if (kept == kStoredRecentGames) break;
            if (kept != 0 && std::get<0>(items.back()) == std::get<0>(c)) continue;
            items.push_back(c);
            ++kept;
        }
        pending.push_back({static_cast<std::uint32_t>(i), begin});
        if (next_stats > 0 && stats[next_stats - 1].node == i) {
            StatsRecord& r = stats[--next_stats];
            r.recent_lines.fill(kNoLine);
            for (std::size_t k = 0; k < kept; ++k)
                r.recent_lines[k] = std::get<2>(items[begin + k]);
        }
    }
}

void add_tree_sections(Tree tree, const TreeInput& input, const dictionary::GameTable& games,
                       std::span<const std::uint32_t> new_game, SectionSink& sink, KeySpill& keys) {
    const dictionary::Trie& trie = *input.trie;
    const std::size_t n = trie.size();
    if (n >= kFusekiNodeBit) throw std::length_error("the index cannot hold this many nodes");
    checked_u32(input.lines.size(), "lines");
    if (new_game.size() >= kMaxGames)
        throw std::length_error("the index cannot hold this many games");

    // One depth-first walk in preorder, children in the trie's output order, reads each trie
    // node once: its record and statistics, its position key (a keyer per open branch:
    // position_keys.hpp), and its subtree's end when the walk leaves it.
    std::vector<std::uint32_t> preorder(n, 0);
    std::vector<NodeRecord> nodes(n + 1);
    std::vector<StatsRecord> stats;
    PositionWalk keyers(tree);
    struct Step {
        NodeId node;
        bool leaving;
        std::uint32_t at;  ///< the node's preorder, when leaving
        PositionWalk::Slot parent_keyer;
        bool last_child;  ///< the last of its siblings the walk enters
    };
    std::vector<Step> stack{{dictionary::kRoot, false, 0, keyers.root(), true}};
    std::vector<NodeId> children;
    std::uint32_t visited = 0;
    while (!stack.empty()) {
        const Step step = stack.back();
        stack.pop_back();
        if (step.leaving) {
            nodes[step.at].subtree_end = visited;
            continue;
        }
        const std::uint32_t at = visited++;
        const dictionary::TrieNode& node = trie.node(step.node);
        preorder[step.node] = at;
        const PositionWalk::Slot keyer =
            at == 0 ? step.parent_keyer
                    : keyers.enter(step.parent_keyer, step.last_child, node.move);
        keys.push_back(keyers.key(keyer));  // in preorder: `at` counts up
        nodes[at].move = at == 0 ? 0 : encode_move(node.move);
        const dictionary::NodeStats& s = node.stats;
        if (s.count > kStoredStatsAbove) {
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
        stack.push_back({step.node, true, at, keyer, false});
        trie.sorted_children(step.node, children);
        if (children.empty()) {
            keyers.release(keyer);
            continue;
        }
        // Pushed in reverse, so the first child is entered first and the last one last.
        for (auto c = children.rbegin(); c != children.rend(); ++c)
            stack.push_back({*c, false, 0, keyer, c == children.rbegin()});
    }

    keys.end_tree(tree == Tree::Joseki ? 0 : 1);

    // Lines grouped by the preorder of their end node, each node's by game (most recent
    // first): a counting sort whose counts, then cursors, are the node records' lines_begin.
    for (const IndexedLine& line : input.lines) ++nodes[preorder[line.end] + 1].lines_begin;
    for (std::size_t i = 0; i < n; ++i) nodes[i + 1].lines_begin += nodes[i].lines_begin;
    std::vector<LineRecord> lines(input.lines.size());
    for (const IndexedLine& line : input.lines) {
        LineRecord& r = lines[nodes[preorder[line.end]].lines_begin++];
        r.game = new_game[line.game];
        r.year = stored_year(games.stored(line.game));
        r.move_numbers = line.move_numbers;
        r.outcome = static_cast<std::uint8_t>(line.outcome);
    }
    // Each cursor stopped at the next node's start: move them back one node.
    for (std::size_t i = n; i > 0; --i) nodes[i].lines_begin = nodes[i - 1].lines_begin;
    nodes[0].lines_begin = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::sort(lines.begin() + nodes[i].lines_begin, lines.begin() + nodes[i + 1].lines_begin,
                  [](const LineRecord& a, const LineRecord& b) {
                      return a.game != b.game ? a.game < b.game : a.move_numbers < b.move_numbers;
                  });
    }
    if (trie.node(dictionary::kRoot).stats.count != input.lines.size())
        throw std::logic_error("index: the logged lines do not match the trie's count");

    nodes[n].subtree_end = static_cast<std::uint32_t>(n);
    std::vector<std::uint32_t>().swap(preorder);  // not `= {}`, which keeps the capacity
    fill_recent_lines(nodes, lines, input.move_numbers, stats);

    write_records<NodeRecord>(sink, section_id(tree, TreePart::Nodes), nodes);
    write_records<LineRecord>(sink, section_id(tree, TreePart::Lines), lines);
    write_records<StatsRecord>(sink, section_id(tree, TreePart::Stats), stats);
    checked_u32(input.move_numbers.size(), "move numbers");
    sink.begin(section_id(tree, TreePart::MoveNumbers), 1, input.move_numbers.size());
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
               static_cast<std::uint32_t>(PositionRecord::kSize), total);
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
    sink.begin(static_cast<std::uint32_t>(SectionId::PositionDirectory), 4, buckets + 1);
    std::vector<std::byte> directory((buckets + 1) * 4);
    for (std::size_t bucket = 0; bucket <= buckets; ++bucket)
        store_le(bucket_start[bucket], directory.data() + bucket * 4);
    sink.append(directory);
}

}  // namespace

std::uint64_t write_index(const IndexInput& input, emit::AtomicFile& file) {
    SectionSink sink(file, kSectionCount);
    {
        std::vector<std::uint32_t> new_game;
        const std::vector<std::uint32_t> order = game_order(*input.games, new_game);
        add_games_sections(*input.games, order, sink);
        KeySpill keys(file.target().parent_path());
        add_tree_sections(Tree::Joseki, input.joseki, *input.games, new_game, sink, keys);
        add_tree_sections(Tree::Fuseki, input.fuseki, *input.games, new_game, sink, keys);
        add_position_sections(keys, sink);
    }
    const std::array<OptionsRecord, 1> options{input.options};
    write_records<OptionsRecord>(sink, static_cast<std::uint32_t>(SectionId::Options), options);
    return sink.finish();
}

}  // namespace josekic::index
