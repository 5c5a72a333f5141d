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

struct Section {
    std::uint32_t id = 0;
    std::uint32_t record_size = 0;
    std::uint64_t count = 0;
    std::vector<std::byte> bytes;
};

template <typename Record>
Section records_section(std::uint32_t id, std::span<const Record> records) {
    Section s{id, static_cast<std::uint32_t>(Record::kSize), records.size(), {}};
    s.bytes.resize(records.size() * Record::kSize);
    for (std::size_t i = 0; i < records.size(); ++i)
        encode(records[i], s.bytes.data() + i * Record::kSize);
    return s;
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
                        std::vector<Section>& sections) {
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
    std::vector<std::byte> strings = pool.take();
    const std::size_t string_bytes = strings.size();
    sections.push_back(Section{static_cast<std::uint32_t>(SectionId::Strings), 1, string_bytes,
                               std::move(strings)});
    sections.push_back(
        records_section<GameRecord>(static_cast<std::uint32_t>(SectionId::Games), records));
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
                       std::span<const std::uint32_t> new_game, std::vector<Section>& sections,
                       std::vector<std::uint64_t>& preorder_keys) {
    const dictionary::Trie& trie = *input.trie;
    const std::size_t n = trie.size();
    if (n >= kFusekiNodeBit) throw std::length_error("the index cannot hold this many nodes");
    checked_u32(input.lines.size(), "lines");
    if (new_game.size() >= kMaxGames)
        throw std::length_error("the index cannot hold this many games");

    // Depth-first preorder, children in the trie's output order.
    std::vector<NodeId> order;
    order.reserve(n);
    std::vector<std::uint32_t> preorder(n, 0);
    std::vector<std::uint32_t> parent_of(n, 0);
    std::vector<NodeId> stack{dictionary::kRoot};
    std::vector<std::uint32_t> parents{0};
    std::vector<NodeId> children;
    while (!stack.empty()) {
        const NodeId id = stack.back();
        const std::uint32_t parent = parents.back();
        stack.pop_back();
        parents.pop_back();
        const auto at = static_cast<std::uint32_t>(order.size());
        preorder[id] = at;
        parent_of[at] = parent;
        order.push_back(id);
        children.clear();  // one buffer for every node: most have one child or none
        for (NodeId c = trie.node(id).first_child; c != dictionary::kNoNode;
             c = trie.node(c).next_sibling)
            children.push_back(c);
        dictionary::sort_in_output_order(trie, children);
        for (auto c = children.rbegin(); c != children.rend(); ++c) {
            stack.push_back(*c);
            parents.push_back(at);
        }
    }
    std::vector<std::uint32_t> subtree_size(n, 1);
    for (std::size_t i = n; i-- > 1;) subtree_size[parent_of[i]] += subtree_size[i];

    // Lines grouped by the preorder of their end node, most recent game first.
    std::vector<std::uint32_t> line_start(n + 1, 0);
    for (const IndexedLine& line : input.lines) ++line_start[preorder[line.end] + 1];
    std::partial_sum(line_start.begin(), line_start.end(), line_start.begin());
    std::vector<LineRecord> lines(input.lines.size());
    {
        std::vector<std::uint32_t> next(line_start.begin(), line_start.end() - 1);
        for (const IndexedLine& line : input.lines) {
            LineRecord& r = lines[next[preorder[line.end]]++];
            r.game = new_game[line.game];
            r.year = stored_year(games.stored(line.game));
            r.move_numbers = line.move_numbers;
            r.outcome = static_cast<std::uint8_t>(line.outcome);
        }
        for (std::size_t i = 0; i < n; ++i) {
            std::sort(lines.begin() + line_start[i], lines.begin() + line_start[i + 1],
                      [](const LineRecord& a, const LineRecord& b) {
                          return a.game != b.game ? a.game < b.game
                                                  : a.move_numbers < b.move_numbers;
                      });
        }
    }
    if (trie.node(dictionary::kRoot).stats.count != input.lines.size())
        throw std::logic_error("index: the logged lines do not match the trie's count");

    std::vector<NodeRecord> nodes(n + 1);
    std::vector<StatsRecord> stats;
    for (std::size_t i = 0; i < n; ++i) {
        const dictionary::TrieNode& node = trie.node(order[i]);
        nodes[i].move = i == 0 ? 0 : encode_move(node.move);
        nodes[i].subtree_end = static_cast<std::uint32_t>(i + subtree_size[i]);
        nodes[i].lines_begin = line_start[i];
        const dictionary::NodeStats& s = node.stats;
        if (s.count > kStoredStatsAbove) {
            stats.push_back(StatsRecord{static_cast<std::uint32_t>(i),
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
    }
    nodes[n].subtree_end = static_cast<std::uint32_t>(n);
    nodes[n].lines_begin = line_start[n];
    fill_recent_lines(nodes, lines, input.move_numbers, stats);

    {
        const std::vector<std::uint64_t> keys = trie_position_keys(trie, tree);
        preorder_keys.resize(n);
        for (std::size_t i = 0; i < n; ++i) preorder_keys[i] = keys[order[i]];
    }

    sections.push_back(records_section<NodeRecord>(section_id(tree, TreePart::Nodes), nodes));
    sections.push_back(records_section<LineRecord>(section_id(tree, TreePart::Lines), lines));
    sections.push_back(records_section<StatsRecord>(section_id(tree, TreePart::Stats), stats));
    checked_u32(input.move_numbers.size(), "move numbers");
    Section numbers{section_id(tree, TreePart::MoveNumbers), 1, input.move_numbers.size(), {}};
    numbers.bytes.resize(input.move_numbers.size());
    std::transform(input.move_numbers.begin(), input.move_numbers.end(), numbers.bytes.begin(),
                   [](std::uint8_t b) { return static_cast<std::byte>(b); });
    sections.push_back(std::move(numbers));
}

// One table for both trees: a shared directory costs half of one per tree. `keys[t][i]` is
// the key of node i (in preorder) of tree t, joseki then fuseki.
void add_position_sections(const std::array<std::vector<std::uint64_t>, 2>& keys,
                           std::vector<Section>& sections) {
    const std::size_t total = keys[0].size() + keys[1].size();
    checked_u32(total, "positions");
    const unsigned bits = directory_bits(total);
    const std::size_t buckets = std::size_t{1} << bits;
    const auto for_each_position = [&keys](auto&& f) {
        for (std::size_t t = 0; t < 2; ++t) {
            const std::uint32_t tree_bit = t == 1 ? kFusekiNodeBit : 0;
            for (std::size_t i = 0; i < keys[t].size(); ++i)
                f(PositionRecord{keys[t][i], static_cast<std::uint32_t>(i) | tree_bit});
        }
    };
    // The order of lookups is bucket, then the stored low 32 bits, then node. The records go
    // encoded straight to their bucket (about four positions each), which is then sorted on
    // its own: no sorted copy of the table is ever held beside it.
    std::vector<std::uint32_t> bucket_start(buckets + 1, 0);
    for_each_position(
        [&](const PositionRecord& p) { ++bucket_start[key_bucket(p.key, bits) + 1]; });
    for (std::size_t b = 0; b < buckets; ++b) bucket_start[b + 1] += bucket_start[b];
    Section table{static_cast<std::uint32_t>(SectionId::Positions),
                  static_cast<std::uint32_t>(PositionRecord::kSize),
                  total,
                  {}};
    table.bytes.resize(total * PositionRecord::kSize);
    {
        std::vector<std::uint32_t> next(bucket_start.begin(), bucket_start.end() - 1);
        for_each_position([&](const PositionRecord& p) {
            encode(p, table.bytes.data() +
                          std::size_t{next[key_bucket(p.key, bits)]++} * PositionRecord::kSize);
        });
    }
    std::vector<PositionRecord> run;
    for (std::size_t b = 0; b < buckets; ++b) {
        std::byte* first =
            table.bytes.data() + std::size_t{bucket_start[b]} * PositionRecord::kSize;
        run.clear();
        for (std::uint32_t i = bucket_start[b]; i < bucket_start[b + 1]; ++i)
            run.push_back(decode_position(first + (i - bucket_start[b]) * PositionRecord::kSize));
        std::sort(run.begin(), run.end(), [](const PositionRecord& x, const PositionRecord& y) {
            return x.key != y.key ? x.key < y.key : x.node < y.node;
        });
        for (std::size_t i = 0; i < run.size(); ++i)
            encode(run[i], first + i * PositionRecord::kSize);
    }
    sections.push_back(std::move(table));
    Section directory{static_cast<std::uint32_t>(SectionId::PositionDirectory), 4, buckets + 1, {}};
    directory.bytes.resize((buckets + 1) * 4);
    for (std::size_t bucket = 0; bucket <= buckets; ++bucket)
        store_le(bucket_start[bucket], directory.bytes.data() + bucket * 4);
    sections.push_back(std::move(directory));
}

}  // namespace

IndexImage build_index(const IndexInput& input) {
    std::vector<Section> sections;
    {
        std::vector<std::uint32_t> new_game;
        const std::vector<std::uint32_t> order = game_order(*input.games, new_game);
        add_games_sections(*input.games, order, sections);
        std::array<std::vector<std::uint64_t>, 2> keys;
        add_tree_sections(Tree::Joseki, input.joseki, *input.games, new_game, sections, keys[0]);
        add_tree_sections(Tree::Fuseki, input.fuseki, *input.games, new_game, sections, keys[1]);
        add_position_sections(keys, sections);
        const std::array<OptionsRecord, 1> options{input.options};
        sections.push_back(records_section<OptionsRecord>(
            static_cast<std::uint32_t>(SectionId::Options), options));
    }

    // The header and the section table; the sections follow as they are, never copied into
    // one buffer (which held the whole index twice at the peak of a compile).
    IndexImage image;
    const std::size_t table_end = kHeaderSize + sections.size() * kSectionEntrySize;
    std::size_t total = table_end;
    for (const Section& s : sections) total += s.bytes.size();
    image.head.resize(table_end);
    std::byte* head = image.head.data();
    std::copy(reinterpret_cast<const std::byte*>(kMagic.data()),
              reinterpret_cast<const std::byte*>(kMagic.data()) + kMagic.size(), head);
    store_le(kFormatVersion, head + 8);
    store_le(static_cast<std::uint32_t>(sections.size()), head + 12);
    store_le(static_cast<std::uint64_t>(total), head + 16);
    std::size_t at = table_end;
    for (std::size_t i = 0; i < sections.size(); ++i) {
        Section& s = sections[i];
        std::byte* entry = head + kHeaderSize + i * kSectionEntrySize;
        store_le(s.id, entry);
        store_le(s.record_size, entry + 4);
        store_le(static_cast<std::uint64_t>(at), entry + 8);
        store_le(s.count, entry + 16);
        store_le(crc32(s.bytes), entry + 24);
        at += s.bytes.size();
        image.sections.push_back(std::move(s.bytes));
    }
    store_le(crc32(std::span<const std::byte>(head, table_end)), head + kHeaderCrcOffset);
    return image;
}

std::size_t IndexImage::size() const {
    std::size_t total = head.size();
    for (const std::vector<std::byte>& s : sections) total += s.size();
    return total;
}

void write_index(const std::filesystem::path& path, const IndexImage& image) {
    const auto text = [](const std::vector<std::byte>& bytes) {
        return std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    };
    emit::AtomicFile file(path);
    file.write(text(image.head));
    for (const std::vector<std::byte>& s : image.sections) file.write(text(s));
    file.commit();
}

}  // namespace josekic::index
