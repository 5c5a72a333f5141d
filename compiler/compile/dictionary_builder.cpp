#include "compiler/compile/dictionary_builder.hpp"

#include <algorithm>
#include <stdexcept>

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
    if (part_) throw std::logic_error("finish_adding: a part is not ended");
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

void DictionaryBuilder::begin_part(const index::IndexFile& index) {
    if (part_) throw std::logic_error("begin_part: a part is already begun");
    part_ = std::make_unique<PendingPart>(index, static_cast<dictionary::GameId>(games_->size()));
}

void DictionaryBuilder::end_part(unsigned threads) {
    part_->load(joseki_, joseki_lines_, fuseki_, fuseki_lines_, threads);
    part_.reset();
}

void DictionaryBuilder::add_game(const dictionary::GameReference& reference,
                                 std::optional<int> year, game::Winner winner,
                                 const GameAnalysis& analysis, const PartPlace& place) {
    if (!part_) throw std::logic_error("add_game: no part is begun");
    add_game(reference, year, winner, analysis, &place);
}

void DictionaryBuilder::add_game(const dictionary::GameReference& reference,
                                 std::optional<int> year, game::Winner winner,
                                 const GameAnalysis& analysis) {
    add_game(reference, year, winner, analysis, nullptr);
}

void DictionaryBuilder::add_game(const dictionary::GameReference& reference,
                                 std::optional<int> year, game::Winner winner,
                                 const GameAnalysis& analysis, const PartPlace* place) {
    if (year) {
        ++games_per_year_[*year];
        if (first_year_ == 0 || *year < first_year_) first_year_ = *year;
        if (last_year_ == 0 || *year > last_year_) last_year_ = *year;
    }
    const dictionary::GameId id = games_->add(reference);
    if (patterns_) patterns_->add(id, analysis.patterns);
    const std::int16_t year_indexed = index::indexed_year(year);
    if (place) part_->add_game(id, place->number, place->numbers_at, joseki_move_numbers_.size());

    joseki_counts_.corners_blocked_by_setup += analysis.corners.blocked_by_setup.size();
    std::uint32_t numbers_begin = 0;  // of this sequence's, in analysis.move_numbers
    for (std::size_t i = 0; i < analysis.corners.sequences.size(); ++i) {
        const trackers::CornerSequence& sequence = analysis.corners.sequences[i];
        const dictionary::LineOutcome outcome = trackers::line_outcome(winner, sequence.colours);
        const bool swapped = sequence.colours != trackers::ColourOrder::AsPlayed;
        const std::size_t numbers_at = joseki_move_numbers_.size();
        if (numbers_at > 0xFFFFFFFFU)
            throw std::length_error("the index cannot hold this many joseki moves");
        const std::uint32_t numbers_end = analysis.move_numbers_end[i];
        joseki_move_numbers_.insert(joseki_move_numbers_.end(),
                                    analysis.move_numbers.begin() + numbers_begin,
                                    analysis.move_numbers.begin() + numbers_end);
        numbers_begin = numbers_end;
        if (place) {
            part_->add_joseki_line(numbers_at, outcome, swapped, year_indexed);
        } else {
            const dictionary::NodeId end = joseki_.insert(sequence.moves, outcome, year, id);
            joseki_lines_.push_back(index::IndexedLine{end, id, outcome, swapped, year_indexed,
                                                       static_cast<std::uint32_t>(numbers_at)});
        }
        ++joseki_counts_.sequences;
        ++joseki_counts_.sequences_per_corner[static_cast<int>(sequence.corner)];
        ++joseki_counts_.sequences_by_end[static_cast<int>(sequence.end)];
        joseki_counts_.moves += sequence.moves.size();
        joseki_counts_.tenukis += sequence.tenukis;
        if (swapped) ++joseki_counts_.colour_swapped;
    }

    const trackers::CanonicalOpening& opening = analysis.opening;
    ++fuseki_counts_.games_by_class[std::string(trackers::name(opening.opening_class))];
    if (opening.moves.empty()) return;
    if (trackers::fuseki_tree_of(opening.opening_class) == trackers::FusekiTree::Even) {
        const dictionary::LineOutcome outcome = black_outcome(winner);
        if (place) {
            part_->add_fuseki_line(outcome, year_indexed);
        } else {
            const dictionary::NodeId end = fuseki_.insert(opening.moves, outcome, year, id);
            fuseki_lines_.push_back(index::IndexedLine{end, id, outcome, false, year_indexed, 0});
        }
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
