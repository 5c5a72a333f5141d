#include "core/game/skip_rules.hpp"

#include <utility>

#include "core/go/point.hpp"

namespace josekic::game {

std::optional<SkipReason> skip_before_replay(const GameRecord& record) {
    if (record.game_type != 1)
        return SkipReason{diag::Code::NotGo,
                          "GM[" + std::to_string(record.game_type) + "] is not Go"};
    if (record.board_width != go::kBoardSize || record.board_height != go::kBoardSize) {
        return SkipReason{diag::Code::Not19x19, "board is " + std::to_string(record.board_width) +
                                                    "x" + std::to_string(record.board_height) +
                                                    "; only 19x19 games are read"};
    }
    if (record.moves.empty()) return SkipReason{diag::Code::NoMoves, "no moves"};
    return std::nullopt;
}

std::optional<SkipReason> skip_after_replay(const ReplayResult& replay) {
    if (replay.legal_moves == 0)
        return SkipReason{diag::Code::NoMoves, "its first move is illegal"};
    return std::nullopt;
}

std::optional<diag::Diagnostic> handicap_without_stones(const GameRecord& record) {
    if (record.info.handicap < 2 || !record.setup_black.empty() || !record.setup_white.empty())
        return std::nullopt;
    // Stones placed as Black's first moves (free placement written as moves) are placed.
    if (record.moves.empty() || record.moves.front().color != go::Color::White) return std::nullopt;
    const int stones = record.info.handicap;
    return diag::Diagnostic{
        record.source_path, record.location, diag::Severity::Warning,
        diag::Code::HandicapWithoutStones,
        "game " + std::to_string(record.index_in_file) + ": HA[" + std::to_string(stones) +
            "] gives " + std::to_string(stones) +
            " handicap stones, but none are placed (no AB or AW, and White moves first); its "
            "corners are read as recorded, empty"};
}

diag::Diagnostic skip_diagnostic(const GameRecord& record, const SkipReason& reason) {
    return diag::Diagnostic{
        record.source_path, record.location, diag::Severity::Warning, reason.code,
        "game " + std::to_string(record.index_in_file) + " skipped: " + reason.why};
}

std::optional<PlayableGame> replay_unless_skipped(GameRecord record,
                                                  diag::DiagnosticList& problems) {
    if (std::optional<SkipReason> reason = skip_before_replay(record)) {
        problems.items.push_back(skip_diagnostic(record, *reason));
        return std::nullopt;
    }
    if (std::optional<diag::Diagnostic> missing = handicap_without_stones(record))
        problems.items.push_back(std::move(*missing));
    PlayableGame game{std::move(record), 0};
    const ReplayResult replay = game::replay(game.record, problems);
    if (std::optional<SkipReason> reason = skip_after_replay(replay)) {
        problems.items.push_back(skip_diagnostic(game.record, *reason));
        return std::nullopt;
    }
    game.legal_moves = replay.legal_moves;
    return game;
}

std::optional<FirstPlayableGame> first_playable_game(std::vector<GameRecord> records,
                                                     diag::DiagnosticList& problems) {
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (std::optional<PlayableGame> game =
                replay_unless_skipped(std::move(records[i]), problems))
            return FirstPlayableGame{std::move(*game), i + 1, records.size()};
    }
    return std::nullopt;
}

}  // namespace josekic::game
