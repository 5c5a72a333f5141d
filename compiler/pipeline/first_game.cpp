#include "compiler/pipeline/first_game.hpp"

#include <utility>
#include <vector>

#include "core/formats/record_reader.hpp"
#include "core/game/skip_rules.hpp"
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
        if (file.cut_short) problems.items.push_back(*file.cut_short);
        std::vector<game::GameRecord> games =
            formats::read_record_games(file.bytes, file.display_path, {}, problems);
        if (games.empty()) return input::WalkControl::Continue;
        first = std::move(games.front());
        bytes = std::move(file.bytes);
        return input::WalkControl::Stop;
    });
    if (!first) return std::nullopt;
    std::optional<game::PlayableGame> game =
        game::replay_unless_skipped(std::move(*first), problems);
    if (!game) return std::nullopt;
    return ReadGame{std::move(game->record), game->legal_moves, std::move(bytes)};
}

}  // namespace josekic::pipeline
