#include "compiler/pipeline/first_game.hpp"

#include <utility>
#include <vector>

#include "compiler/pipeline/skip_policy.hpp"
#include "core/formats/record_reader.hpp"
#include "core/game/replay.hpp"
#include "core/input/walker.hpp"

namespace josekic::pipeline {

std::optional<ReadGame> read_first_game(const std::string& path, diag::DiagnosticList& problems) {
    std::optional<game::GameRecord> first;
    std::string bytes;
    input::walk_inputs({path}, [&](input::InputFile&& file) {
        if (file.read_error) {
            problems.items.push_back(*file.read_error);
            return input::WalkControl::Continue;
        }
        std::vector<game::GameRecord> games =
            formats::read_record_games(file.bytes, file.display_path, {}, problems);
        if (games.empty()) return input::WalkControl::Continue;
        first = std::move(games.front());
        bytes = std::move(file.bytes);
        return input::WalkControl::Stop;
    });
    if (!first) return std::nullopt;
    if (std::optional<SkipReason> reason = skip_before_replay(*first)) {
        problems.items.push_back(skip_diagnostic(*first, *reason));
        return std::nullopt;
    }
    ReadGame game{std::move(*first), 0, std::move(bytes)};
    const game::ReplayResult replay = game::replay(game.record, problems);
    if (std::optional<SkipReason> reason = skip_after_replay(replay)) {
        problems.items.push_back(skip_diagnostic(game.record, *reason));
        return std::nullopt;
    }
    game.legal_moves = replay.legal_moves;
    return game;
}

}  // namespace josekic::pipeline
