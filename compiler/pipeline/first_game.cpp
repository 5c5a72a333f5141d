#include "compiler/pipeline/first_game.hpp"

#include <utility>
#include <vector>

#include "core/formats/record_reader.hpp"
#include "core/game/skip_rules.hpp"
#include "core/input/walker.hpp"

namespace josekic::pipeline {

std::optional<ReadGame> read_first_game(const std::string& path, diag::DiagnosticList& problems) {
    std::optional<ReadGame> read;
    input::walk_inputs({path}, [&](input::InputFile&& file) {
        if (file.read_error) {
            problems.items.push_back(*file.read_error);
            return input::WalkControl::Continue;
        }
        if (file.cut_short) problems.items.push_back(*file.cut_short);
        std::optional<game::FirstPlayableGame> first = game::first_playable_game(
            formats::read_record_games(file.bytes, file.display_path, {}, problems), problems);
        if (!first) return input::WalkControl::Continue;
        read = ReadGame{std::move(first->game.record), first->game.legal_moves,
                        std::move(file.bytes), first->number, first->games_in_file};
        return input::WalkControl::Stop;
    });
    return read;
}

}  // namespace josekic::pipeline
