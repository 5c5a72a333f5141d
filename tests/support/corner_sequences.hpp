#pragma once

#include <cstddef>
#include <vector>

#include "core/game/game_record.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/zone.hpp"

namespace josekic::test_support {

/// trackers::extract_corners, sequences only.
inline std::vector<trackers::CornerSequence> extract_corner_sequences(
    const trackers::Zone& zone, const trackers::TrackerOptions& options,
    const game::GameRecord& record, std::size_t legal_moves) {
    return trackers::extract_corners(zone, options, record, legal_moves).sequences;
}

}  // namespace josekic::test_support
