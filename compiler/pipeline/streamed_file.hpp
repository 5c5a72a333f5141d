#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/pipeline/fingerprint.hpp"
#include "core/diag/diagnostic.hpp"
#include "core/game/game_filter.hpp"
#include "core/game/game_record.hpp"
#include "core/game/replay.hpp"

namespace josekic::pipeline {

/// One game of a streamed file, as a worker left it: its record without move locations
/// (record.move_locations is empty once the file is processed).
struct GameSlot {
    game::GameRecord record;
    game::ReplayResult replay;
    /// Set when the game is skipped before analysis: NotGo, Not19x19, NoMoves.
    std::optional<diag::Code> skip_reason;
    /// Set when the game fails StreamOptions::filter: which filters, and how.
    std::optional<game::FilterVerdict> filtered;
    GameFingerprint fingerprint;
    std::vector<diag::Diagnostic> diagnostics;  ///< replay problems and the skip message
};

/// One input file on its way from the walker through a worker to the consumer: its bytes
/// on the way in, its games and diagnostics on the way out.
struct StreamedFile {
    std::string display_path;
    std::string bytes;  ///< released once parsed
    std::uint64_t size = 0;
    std::uint64_t disk_bytes = 0;  ///< input::InputFile::disk_bytes, for the progress line
    std::optional<diag::Diagnostic> read_error;
    std::optional<diag::Diagnostic> cut_short;  ///< input::InputFile::cut_short
    /// A dictionary or index josekic wrote (input::written_by_josekic): not read as games.
    bool written_by_josekic = false;
    std::vector<diag::Diagnostic> diagnostics;  ///< from the parser
    std::vector<GameSlot> games;
    double parse_seconds = 0.0;
    double replay_seconds = 0.0;
    double analysis_seconds = 0.0;
    /// The typed front end's per-game analyses (owned; type known only to it).
    std::shared_ptr<void> analyses;
};

}  // namespace josekic::pipeline
