#include "compiler/compile/game_analysis.hpp"

#include "index/line_moves.hpp"

namespace josekic::compile {

GameAnalysis analyse_game(const trackers::Zone& zone, const trackers::TrackerOptions& tracker,
                          const trackers::OpeningOptions& opening, const game::GameRecord& record,
                          std::size_t legal_moves, CollectPatterns patterns) {
    GameAnalysis analysis;
    analysis.corners = trackers::extract_corners(zone, tracker, record, legal_moves);
    for (const trackers::CornerSequence& sequence : analysis.corners.sequences) {
        index::append_move_numbers(
            analysis.move_numbers, sequence.moves,
            index::game_move_indices(record, index::moves_as_played(sequence),
                                     sequence.first_move_index, record.moves.size()));
        analysis.move_numbers_end.push_back(
            static_cast<std::uint32_t>(analysis.move_numbers.size()));
    }
    analysis.opening = trackers::normalise_opening(record, legal_moves, opening);
    if (patterns == CollectPatterns::Yes)
        analysis.patterns = index::game_patterns(record, legal_moves);
    return analysis;
}

}  // namespace josekic::compile
