#include "compiler/compile/loaded_tree.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <stdexcept>
#include <thread>

#include "index/move_code.hpp"
#include "index/node_nesting.hpp"
#include "index/record_cursor.hpp"

namespace josekic::compile {

namespace {

using dictionary::GameId;
using dictionary::NodeId;
using dictionary::NodeStats;

// Marks in PendingPart's merged ids: an index game number that is no kept game of the part,
// and a kept game that an earlier part had (or that is not added yet).
constexpr GameId kNotAGame = std::numeric_limits<GameId>::max();
constexpr GameId kLeftOut = kNotAGame - 1;

// A tree's records of one part, read in order, a large block at a time (the whole section
// is read, once).
template <typename Record, Record (*Decode)(const std::byte*)>
index::RecordCursor<Record, Decode> cursor(const index::IndexFile& index, index::Tree tree,
                                           index::TreePart part) {
    constexpr std::uint64_t kRecordsPerRead = 65536;
    const index::SectionView& section = index.section(index::section_id(tree, part));
    return {[&index, &section](std::uint64_t offset, std::span<std::byte> bytes) {
                index.read_bytes(section, offset, bytes);
            },
            0, section.count, kRecordsPerRead};
}

}  // namespace

void load_tree(const index::IndexFile& index, index::Tree tree, const LineMatch& match,
               dictionary::Trie& trie, index::LineLog& lines) {
    const auto damaged = [&index, tree](const std::string& what) {
        index::throw_damaged(
            index.path(),
            std::string(emit::kind_name(index::dictionary_kind(tree))) + " tree: " + what);
    };
    auto nodes = cursor<index::NodeRecord, index::decode_node>(index, tree, index::TreePart::Nodes);
    auto line_records =
        cursor<index::LineRecord, index::decode_line>(index, tree, index::TreePart::Lines);
    const std::uint64_t line_count = line_records.end();
    if (nodes.end() < 2) damaged("no root");
    const std::uint64_t node_count = nodes.end() - 1;  // the sentinel aside
    // Into a trie of its root only every node but the root is new: added without a look-up,
    // in preorder.
    const bool fresh = trie.size() == 1;

    // The nodes whose subtrees the walk is in, each with the statistics of the kept lines met
    // so far below it. A node is found or added in the trie when the first kept line below
    // it is met (with those above it); its statistics are complete when the walk leaves its
    // subtree, and are then added to it and to its parent's.
    struct Open {
        NodeId id;          // kNoNode until a kept line passes it
        std::uint64_t key;  // its path key in the trie (Trie::PathStep), once it is there
        go::Move move;
        NodeStats stats;
    };
    std::vector<Open> open;
    std::size_t in_trie = 0;  // open[0, in_trie) have their node in the trie
    const auto add_to_trie = [&] {
        for (; in_trie < open.size(); ++in_trie) {
            const Open& parent = open[in_trie - 1];
            Open& node = open[in_trie];
            if (fresh) {
                // A damaged index could give a node two children with one move, which a
                // trie never has (look-ups, here, would merge them).
                if (trie.find_child(parent.id, node.move) != dictionary::kNoNode)
                    damaged("two children with one move");
                node.id = trie.add_child(parent.id, node.move);
            } else {
                const dictionary::Trie::PathStep step =
                    trie.find_or_add_child({parent.id, parent.key}, node.move);
                node.id = step.node;
                node.key = step.key;
            }
        }
    };
    const auto close = [&] {
        const Open done = open.back();
        open.pop_back();
        in_trie = std::min(in_trie, open.size());
        if (done.id == dictionary::kNoNode) return;  // no kept line passes it
        NodeStats stats = done.stats;
        if (!fresh || done.id == dictionary::kRoot) stats.absorb(trie.stats(done.id));
        trie.set_stats(done.id, stats);
        if (open.empty()) return;
        NodeStats passing = done.stats;  // lines through the parent, which end below it
        passing.ends = 0;
        open.back().stats.absorb(passing);
    };
    // A node's lines are in the order of their games' numbers, which is the order in which a
    // trie lists games (GameTable::listed_before): its listed games are its first lines'.
    const std::size_t games_listed = trie.options().games_kept_per_terminal;
    std::vector<GameId> listed;
    index::NodeNesting nesting(node_count, line_count);
    index::NodeRecord record = nodes.next();
    std::uint64_t lines_read = 0;
    for (std::uint64_t i = 0; i < node_count; ++i) {
        const index::NodeRecord next = nodes.next();
        const std::optional<std::size_t> left = nesting.enter(record);
        // Its lines are [its lines_begin, the next record's), taken before the next is entered.
        if (!left || !nesting.lines_may_end_at(next.lines_begin))
            damaged("node " + std::to_string(i));
        for (std::size_t k = 0; k < *left; ++k) close();
        if (i == 0) {
            open.push_back(Open{dictionary::kRoot, dictionary::Trie::root_step().key, go::Move{},
                                NodeStats{}});
            in_trie = 1;
        } else {
            const std::optional<go::Move> move = index::decode_move(record.move);
            if (!move) damaged("node " + std::to_string(i));
            open.push_back(Open{dictionary::kNoNode, 0, *move, NodeStats{}});
        }
        listed.clear();
        for (; lines_read < next.lines_begin; ++lines_read) {
            std::optional<index::IndexedLine> line = match(line_records.next());
            if (!line) continue;
            add_to_trie();
            line->end = open.back().id;
            open.back().stats.record(line->outcome, line->year != 0
                                                        ? std::optional<NodeStats::Year>(line->year)
                                                        : std::nullopt);
            open.back().stats.record_end();
            if (listed.size() < games_listed) listed.push_back(line->game);
            lines.push_back(*line);
        }
        // A new node's list is its first lines' games; the root, or a node the trie had,
        // takes them into its own.
        if (fresh && open.back().id != dictionary::kRoot) {
            if (!listed.empty()) trie.set_listed_games(open.back().id, listed);
        } else {
            for (const GameId game : listed) trie.list_game(open.back().id, game);
        }
        record = next;
    }
    while (!open.empty()) close();
    if (!nesting.ends(record)) damaged("the sentinel");
}

PendingPart::PendingPart(const index::IndexFile& index, GameId first_game)
    : index_(index), next_game_(first_game) {
    const auto& section =
        index.section(static_cast<std::uint32_t>(index::SectionId::MergeGameNumbers));
    index_number_.resize(section.count);
    index.read_bytes(section, 0, std::as_writable_bytes(std::span(index_number_)));
    games_.resize(index.game_count());
    for (Game& game : games_) game.merged = kNotAGame;
    for (const std::uint32_t number : index_number_) {
        if (number >= games_.size() || games_[number].merged != kNotAGame)
            index::throw_damaged(index.path(), "a merge game number");
        games_[number].merged = kLeftOut;
    }
}

void PendingPart::mismatch(const std::string& what) const {
    index::throw_damaged(index_.path(), what + " does not match its merge games");
}

void PendingPart::add_game(GameId id, std::uint32_t number, std::uint64_t numbers_at,
                           std::uint64_t merged_at) {
    if (id != next_game_++) throw std::logic_error("PendingPart: games skipped");
    if (number >= index_number_.size() || games_[index_number_[number]].merged != kLeftOut)
        mismatch("kept game " + std::to_string(number));
    last_ = &games_[index_number_[number]];
    last_->merged = id;
    last_->index_minus_merged =
        static_cast<std::int64_t>(numbers_at) - static_cast<std::int64_t>(merged_at);
    last_->first_line = static_cast<std::uint32_t>(joseki_.size());
}

void PendingPart::add_joseki_line(std::uint64_t merged_at, dictionary::LineOutcome outcome,
                                  bool swapped, std::int16_t year) {
    if (last_->lines == std::numeric_limits<std::uint16_t>::max())
        throw std::length_error("a game with this many corner sequences cannot be merged");
    ++last_->lines;
    joseki_.push_back(
        JosekiLine{static_cast<std::uint32_t>(merged_at), year, outcome, swapped, false});
}

void PendingPart::add_fuseki_line(dictionary::LineOutcome outcome, std::int16_t year) {
    last_->fuseki = Game::Fuseki::Pending;
    last_->fuseki_outcome = outcome;
    last_->fuseki_year = year;
    ++fuseki_lines_;
}

PendingPart::Game* PendingPart::game_of(const index::LineRecord& line) {
    if (line.game >= games_.size() || games_[line.game].merged == kNotAGame)
        mismatch("the game of a line");
    return games_[line.game].merged == kLeftOut ? nullptr : &games_[line.game];
}

std::optional<index::IndexedLine> PendingPart::match_joseki(const index::LineRecord& record) {
    const Game* game = game_of(record);
    if (game == nullptr) return std::nullopt;
    const std::int64_t merged_at =
        static_cast<std::int64_t>(record.move_numbers) - game->index_minus_merged;
    for (std::uint32_t i = game->first_line; i < game->first_line + game->lines; ++i) {
        JosekiLine& line = joseki_[i];
        if (line.merged_at != merged_at) continue;
        if (line.matched || static_cast<std::uint8_t>(line.outcome) != record.outcome ||
            line.year != record.year)
            break;
        line.matched = true;
        ++joseki_matched_;
        return index::IndexedLine{dictionary::kNoNode, game->merged, line.outcome,
                                  line.swapped,        line.year,    line.merged_at};
    }
    mismatch("a joseki line of game " + std::to_string(game->merged));
}

std::optional<index::IndexedLine> PendingPart::match_fuseki(const index::LineRecord& record) {
    Game* game = game_of(record);
    if (game == nullptr) return std::nullopt;
    if (game->fuseki != Game::Fuseki::Pending ||
        static_cast<std::uint8_t>(game->fuseki_outcome) != record.outcome ||
        game->fuseki_year != record.year)
        mismatch("the fuseki line of game " + std::to_string(game->merged));
    game->fuseki = Game::Fuseki::Matched;
    ++fuseki_matched_;
    return index::IndexedLine{
        dictionary::kNoNode, game->merged, game->fuseki_outcome, false, game->fuseki_year, 0};
}

void PendingPart::load(dictionary::Trie& joseki, index::LineLog& joseki_lines,
                       dictionary::Trie& fuseki, index::LineLog& fuseki_lines, unsigned threads) {
    // The two loads share no data: a joseki line reads where its game's lines are, a fuseki
    // line marks its game's own fields, and each has its own counter, trie and log.
    const auto load_joseki = [&] {
        load_tree(
            index_, index::Tree::Joseki,
            [this](const index::LineRecord& line) { return match_joseki(line); }, joseki,
            joseki_lines);
    };
    const auto load_fuseki = [&] {
        load_tree(
            index_, index::Tree::Fuseki,
            [this](const index::LineRecord& line) { return match_fuseki(line); }, fuseki,
            fuseki_lines);
    };
    if (threads > 1) {
        std::exception_ptr failure;
        {
            const std::jthread beside([&] {
                try {
                    load_joseki();
                } catch (...) {
                    failure = std::current_exception();
                }
            });
            load_fuseki();
        }
        if (failure) std::rethrow_exception(failure);
    } else {
        load_joseki();
        load_fuseki();
    }
    if (joseki_matched_ != joseki_.size() || fuseki_matched_ != fuseki_lines_) mismatch("a line");
}

}  // namespace josekic::compile
