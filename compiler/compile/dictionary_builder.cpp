#include "compiler/compile/dictionary_builder.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "compiler/compile/loaded_tree.hpp"

namespace josekic::compile {

dictionary::LineOutcome black_outcome(game::Winner winner) {
    switch (winner) {
        case game::Winner::Black:
            return dictionary::LineOutcome::FirstPlayerWon;
        case game::Winner::White:
            return dictionary::LineOutcome::SecondPlayerWon;
        case game::Winner::Draw:
            return dictionary::LineOutcome::Draw;
        case game::Winner::Unknown:
            break;
    }
    return dictionary::LineOutcome::Unknown;
}

DictionaryBuilder::DictionaryBuilder(dictionary::TrieOptions trie_options, HandicapFuseki handicap)
    : games_(std::make_shared<dictionary::GameTable>()),
      joseki_(games_, trie_options),
      fuseki_(games_, trie_options),
      trie_options_(trie_options),
      handicap_(handicap) {}

std::vector<SetupFuseki> DictionaryBuilder::handicap_fuseki() const {
    std::vector<SetupFuseki> trees;
    for (const auto& [setup, trie] : handicap_fuseki_) trees.push_back({&setup, &trie});
    // Stable: equal counts keep the map's Setup order.
    std::stable_sort(trees.begin(), trees.end(), [](const SetupFuseki& a, const SetupFuseki& b) {
        return a.trie->node(dictionary::kRoot).stats.count >
               b.trie->node(dictionary::kRoot).stats.count;
    });
    return trees;
}

void DictionaryBuilder::collect_patterns(const std::filesystem::path& directory) {
    patterns_ = std::make_unique<index::PatternSpill>(directory);
}

void DictionaryBuilder::finish_adding() {
    if (loaded_) finish_loaded();
    joseki_.release_child_index();
    fuseki_.release_child_index();
    for (auto& [setup, trie] : handicap_fuseki_) trie.release_child_index();
    games_->release_lookup();
}

void DictionaryBuilder::group_lines_by_end() {
    index::group_by_end(joseki_lines_);
    index::group_by_end(fuseki_lines_);
}

void DictionaryBuilder::add_game(const game::GameRecord& record, const GameAnalysis& analysis) {
    add_game(dictionary::GameReference::from(record), record.info.year, record.info.winner,
             analysis);
}

namespace {

// The positions of `lines` grouped by game (a counting sort): game g's are
// by_game[begin[g] .. begin[g + 1]).
void group_by_game(const index::LineLog& lines, dictionary::GameId games,
                   std::vector<std::uint32_t>& begin, std::vector<std::uint32_t>& by_game) {
    begin.assign(std::size_t{games} + 1, 0);
    for (const index::IndexedLine& line : lines) ++begin[line.game + 1];
    std::partial_sum(begin.begin(), begin.end(), begin.begin());
    by_game.resize(lines.size());
    std::vector<std::uint32_t> next(begin.begin(), begin.end() - 1);
    for (std::size_t i = 0; i < lines.size(); ++i)
        by_game[next[lines[i].game]++] = static_cast<std::uint32_t>(i);
}

}  // namespace

void DictionaryBuilder::load_trees(const index::IndexFile& index) {
    if (games_->size() != 0 || joseki_.size() != 1 || fuseki_.size() != 1)
        throw std::logic_error("load_trees: games were added before");
    const std::vector<dictionary::GameId> game_of = game_numbers_by_index(index);
    LoadedLines loaded;
    loaded.file = index.path();
    loaded.games = static_cast<dictionary::GameId>(
        std::count_if(game_of.begin(), game_of.end(), [](auto k) { return k != kNotKept; }));
    load_tree(index, index::Tree::Joseki, game_of, joseki_, joseki_lines_);
    load_tree(index, index::Tree::Fuseki, game_of, fuseki_, fuseki_lines_);
    const auto& numbers =
        index.section(index::section_id(index::Tree::Joseki, index::TreePart::MoveNumbers));
    joseki_move_numbers_.resize(numbers.count);
    index.read_bytes(numbers, 0, std::as_writable_bytes(std::span(joseki_move_numbers_)));

    group_by_game(joseki_lines_, loaded.games, loaded.joseki_begin, loaded.joseki_by_game);
    group_by_game(fuseki_lines_, loaded.games, loaded.fuseki_begin, loaded.fuseki_by_game);
    loaded_ = std::move(loaded);
}

void DictionaryBuilder::loaded_damaged(const std::string& what) const {
    index::throw_damaged(loaded_->file, what + " does not match its merge games");
}

void DictionaryBuilder::finish_loaded() {
    if (games_->size() != loaded_->games) loaded_damaged("the number of kept games");
    if (loaded_->joseki_taken != joseki_lines_.size() ||
        loaded_->next_move_numbers != joseki_move_numbers_.size())
        loaded_damaged("the joseki tree");
    if (loaded_->fuseki_taken != fuseki_lines_.size()) loaded_damaged("the fuseki tree");
    loaded_.reset();
}

dictionary::NodeId DictionaryBuilder::add_joseki_line(dictionary::GameId id,
                                                      const trackers::CornerSequence& sequence,
                                                      dictionary::LineOutcome outcome,
                                                      std::optional<int> year,
                                                      std::int16_t year_indexed,
                                                      std::span<const std::uint8_t> numbers) {
    const bool swapped = sequence.colours != trackers::ColourOrder::AsPlayed;
    if (loaded_) {
        LoadedLines& loaded = *loaded_;
        const std::uint64_t at = loaded.next_move_numbers;
        index::IndexedLine* line = nullptr;
        for (std::uint32_t i = loaded.joseki_begin[id]; i < loaded.joseki_begin[id + 1]; ++i) {
            if (joseki_lines_[loaded.joseki_by_game[i]].move_numbers == at)
                line = &joseki_lines_[loaded.joseki_by_game[i]];
        }
        // A line's numbers begin with its first stone's: no two lines share where they begin.
        if (line == nullptr || numbers.empty() || line->outcome != outcome ||
            line->year != year_indexed || at + numbers.size() > joseki_move_numbers_.size() ||
            std::memcmp(&joseki_move_numbers_[at], numbers.data(), numbers.size()) != 0)
            loaded_damaged("a joseki line of game " + std::to_string(id));
        loaded.next_move_numbers = at + numbers.size();
        ++loaded.joseki_taken;
        line->colours_swapped = swapped;
        return line->end;
    }
    const dictionary::NodeId end = joseki_.insert(sequence.moves, outcome, year, id);
    const std::size_t numbers_at = joseki_move_numbers_.size();
    if (numbers_at > 0xFFFFFFFFU)
        throw std::length_error("the index cannot hold this many joseki moves");
    joseki_move_numbers_.insert(joseki_move_numbers_.end(), numbers.begin(), numbers.end());
    joseki_lines_.push_back(index::IndexedLine{end, id, outcome, swapped, year_indexed,
                                               static_cast<std::uint32_t>(numbers_at)});
    return end;
}

void DictionaryBuilder::add_fuseki_line(dictionary::GameId id, std::span<const go::Move> moves,
                                        dictionary::LineOutcome outcome, std::optional<int> year,
                                        std::int16_t year_indexed) {
    if (loaded_) {
        LoadedLines& loaded = *loaded_;
        if (loaded.fuseki_begin[id + 1] != loaded.fuseki_begin[id] + 1)
            loaded_damaged("the fuseki line of game " + std::to_string(id));
        const index::IndexedLine& line =
            fuseki_lines_[loaded.fuseki_by_game[loaded.fuseki_begin[id]]];
        if (line.outcome != outcome || line.year != year_indexed)
            loaded_damaged("the fuseki line of game " + std::to_string(id));
        ++loaded.fuseki_taken;
        return;
    }
    const dictionary::NodeId end = fuseki_.insert(moves, outcome, year, id);
    fuseki_lines_.push_back(index::IndexedLine{end, id, outcome, false, year_indexed, 0});
}

void DictionaryBuilder::add_game(const dictionary::GameReference& reference,
                                 std::optional<int> year, game::Winner winner,
                                 const GameAnalysis& analysis) {
    if (loaded_ && games_->size() == loaded_->games) finish_loaded();
    if (year) {
        ++games_per_year_[*year];
        if (first_year_ == 0 || *year < first_year_) first_year_ = *year;
        if (last_year_ == 0 || *year > last_year_) last_year_ = *year;
    }
    const dictionary::GameId id = games_->add(reference);
    if (patterns_) patterns_->add(id, analysis.patterns);
    const std::int16_t year_indexed = index::indexed_year(year);

    joseki_counts_.corners_blocked_by_setup += analysis.corners.blocked_by_setup.size();
    std::uint32_t numbers_begin = 0;  // of this sequence's, in analysis.move_numbers
    for (std::size_t i = 0; i < analysis.corners.sequences.size(); ++i) {
        const trackers::CornerSequence& sequence = analysis.corners.sequences[i];
        const std::uint32_t numbers_end = analysis.move_numbers_end[i];
        add_joseki_line(
            id, sequence, trackers::line_outcome(winner, sequence.colours), year, year_indexed,
            std::span(analysis.move_numbers).subspan(numbers_begin, numbers_end - numbers_begin));
        numbers_begin = numbers_end;
        ++joseki_counts_.sequences;
        ++joseki_counts_.sequences_per_corner[static_cast<int>(sequence.corner)];
        ++joseki_counts_.sequences_by_end[static_cast<int>(sequence.end)];
        joseki_counts_.moves += sequence.moves.size();
        joseki_counts_.tenukis += sequence.tenukis;
        if (sequence.colours != trackers::ColourOrder::AsPlayed) ++joseki_counts_.colour_swapped;
    }

    const trackers::CanonicalOpening& opening = analysis.opening;
    ++fuseki_counts_.games_by_class[std::string(trackers::name(opening.opening_class))];
    if (opening.moves.empty()) return;
    if (trackers::fuseki_tree_of(opening.opening_class) == trackers::FusekiTree::Even) {
        add_fuseki_line(id, opening.moves, black_outcome(winner), year, year_indexed);
        ++fuseki_counts_.even_openings;
    } else if (handicap_ == HandicapFuseki::SeparateTree) {
        dictionary::Setup setup{opening.setup_black, opening.setup_white};
        auto [tree, added] = handicap_fuseki_.try_emplace(std::move(setup), games_, trie_options_);
        if (added) ++fuseki_counts_.handicap_setups;
        tree->second.insert(opening.moves, black_outcome(winner), year, id);
        ++fuseki_counts_.handicap_openings;
    } else {
        ++fuseki_counts_.excluded;
    }
}

}  // namespace josekic::compile
