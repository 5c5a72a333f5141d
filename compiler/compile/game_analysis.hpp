#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game/game_record.hpp"
#include "index/corner_pattern.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"
#include "trackers/zone.hpp"

namespace josekic::compile {

/// What the worker threads find in one game: its corner sequences, the game move numbers of
/// their moves as the index stores them, and its opening. Everything here is worked out
/// beside the other games, so that the one thread that merges games into the tries only
/// merges.
struct GameAnalysis {
    trackers::CornerExtraction corners;
    /// The move numbers of every sequence (index/line_moves), one after another.
    std::vector<std::uint8_t> move_numbers;
    /// Where each sequence's move numbers end in move_numbers.
    std::vector<std::uint32_t> move_numbers_end;
    trackers::CanonicalOpening opening;
    /// The corner patterns the game made (index/corner_pattern.hpp), when they are collected.
    std::vector<index::PatternEvent> patterns;
};

/// Whether analyse_game collects the game's corner patterns.
enum class CollectPatterns { No, Yes };

/// The analysis of `record`, replayed legally up to `legal_moves`.
GameAnalysis analyse_game(const trackers::Zone& zone, const trackers::TrackerOptions& tracker,
                          const trackers::OpeningOptions& opening, const game::GameRecord& record,
                          std::size_t legal_moves, CollectPatterns patterns = CollectPatterns::No);

}  // namespace josekic::compile
