#include "compiler/compile/loaded_tree.hpp"

#include <algorithm>
#include <string>

#include "index/move_code.hpp"

namespace josekic::compile {

namespace {

using dictionary::NodeId;
using dictionary::NodeStats;

// The records of one section, read in order a block at a time.
template <typename Record, Record (*Decode)(const std::byte*)>
class RecordReader {
  public:
    RecordReader(const index::IndexFile& index, const index::SectionView& section)
        : index_(index), section_(section) {}

    std::uint64_t count() const { return section_.count; }
    Record next() {
        if (at_ == block_.size()) fill();
        const Record record = Decode(block_.data() + at_);
        at_ += Record::kSize;
        return record;
    }

  private:
    void fill() {
        constexpr std::uint64_t kRecordsPerRead = 65536;
        const std::uint64_t n = std::min(kRecordsPerRead, section_.count - read_);
        if (n == 0) index::throw_damaged(index_.path(), "a tree's records end too early");
        block_.resize(n * Record::kSize);
        index_.read_bytes(section_, read_ * Record::kSize, block_);
        read_ += n;
        at_ = 0;
    }

    const index::IndexFile& index_;
    const index::SectionView& section_;
    std::vector<std::byte> block_;
    std::size_t at_ = 0;
    std::uint64_t read_ = 0;
};

}  // namespace

std::vector<dictionary::GameId> game_numbers_by_index(const index::IndexFile& index) {
    const auto& section =
        index.section(static_cast<std::uint32_t>(index::SectionId::MergeGameNumbers));
    std::vector<std::uint32_t> numbers(section.count);
    index.read_bytes(section, 0, std::as_writable_bytes(std::span(numbers)));
    std::vector<dictionary::GameId> game_of(index.game_count(), kNotKept);
    for (std::size_t k = 0; k < numbers.size(); ++k) {
        if (numbers[k] >= game_of.size() || game_of[numbers[k]] != kNotKept)
            index::throw_damaged(index.path(), "a merge game number");
        game_of[numbers[k]] = static_cast<dictionary::GameId>(k);
    }
    return game_of;
}

void load_tree(const index::IndexFile& index, index::Tree tree,
               std::span<const dictionary::GameId> game_of, dictionary::Trie& trie,
               index::LineLog& lines) {
    const auto damaged = [&index, tree](const std::string& what) {
        index::throw_damaged(
            index.path(),
            std::string(tree == index::Tree::Joseki ? "joseki" : "fuseki") + " tree: " + what);
    };
    if (trie.size() != 1) throw std::logic_error("load_tree: the trie is not empty");
    RecordReader<index::NodeRecord, index::decode_node> nodes(
        index, index.section(index::section_id(tree, index::TreePart::Nodes)));
    RecordReader<index::LineRecord, index::decode_line> line_records(
        index, index.section(index::section_id(tree, index::TreePart::Lines)));
    if (nodes.count() < 2) damaged("no root");
    const std::uint64_t node_count = nodes.count() - 1;  // the sentinel aside
    if (node_count > dictionary::kNoNode) damaged("too many nodes");

    // The nodes whose subtrees the walk is in, each with the statistics of the lines met so
    // far below it; a node's are complete when the walk leaves its subtree, and are then set
    // and added to its parent's. Every node is set once (most of them hold one line).
    struct Open {
        NodeId id;
        std::uint64_t subtree_end;
        NodeStats stats;
    };
    std::vector<Open> open;
    const auto close = [&] {
        const Open done = open.back();
        open.pop_back();
        trie.set_stats(done.id, done.stats);
        if (open.empty()) return;
        NodeStats passing = done.stats;  // lines through the parent, which end below it
        passing.ends = 0;
        open.back().stats.absorb(passing);
    };
    // A node's lines are in the order of their games' numbers, which is the order in which a
    // trie lists games (GameTable::listed_before): its listed games are its first lines'.
    const std::size_t games_listed = trie.options().games_kept_per_terminal;
    std::vector<dictionary::GameId> listed;
    index::NodeRecord record = nodes.next();
    std::uint64_t lines_read = 0;
    for (std::uint64_t i = 0; i < node_count; ++i) {
        const index::NodeRecord next = nodes.next();
        while (!open.empty() && i >= open.back().subtree_end) close();
        NodeId id = dictionary::kRoot;
        if (i > 0) {
            const std::optional<go::Move> move = index::decode_move(record.move);
            if (open.empty() || !move) damaged("node " + std::to_string(i));
            id = trie.add_child(open.back().id, *move);
        }
        const std::uint64_t end_limit = open.empty() ? node_count : open.back().subtree_end;
        if (id != i || record.subtree_end <= i || record.subtree_end > end_limit ||
            record.lines_begin != lines_read || next.lines_begin < record.lines_begin ||
            next.lines_begin > line_records.count())
            damaged("node " + std::to_string(i));
        NodeStats stats;
        listed.clear();
        for (; lines_read < next.lines_begin; ++lines_read) {
            const index::LineRecord line = line_records.next();
            if (line.game >= game_of.size() || game_of[line.game] == kNotKept)
                damaged("line " + std::to_string(lines_read));
            const auto outcome = static_cast<dictionary::LineOutcome>(line.outcome);
            stats.record(outcome,
                         line.year != 0 ? std::optional<NodeStats::Year>(line.year) : std::nullopt);
            stats.record_end();
            lines.push_back(index::IndexedLine{id, game_of[line.game], outcome, false, line.year,
                                               line.move_numbers});
            if (listed.size() < games_listed) listed.push_back(game_of[line.game]);
        }
        if (!listed.empty()) trie.set_listed_games(id, listed);
        open.push_back(Open{id, record.subtree_end, stats});
        record = next;
    }
    while (!open.empty()) close();
    if (record.subtree_end != node_count || record.lines_begin != line_records.count())
        damaged("the sentinel");
}

}  // namespace josekic::compile
