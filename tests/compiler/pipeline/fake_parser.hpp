#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/go/symmetry.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::testing {

/// A stand-in for sgf::read_games so that the pipeline is tested on its own: one game per
/// line, words are moves in SGF letters alternating Black/White from Black ("--" passes),
/// "GM2" and "SZ9" set the game type and size, "BAD" reports a warning [unexpected-character].
inline std::vector<game::GameRecord> fake_parse(std::string_view bytes, std::string_view path,
                                                const sgf::ReadOptions&,
                                                diag::DiagnosticSink& sink) {
    std::vector<game::GameRecord> games;
    std::istringstream lines{std::string(bytes)};
    std::string text;
    int line_number = 0;
    while (std::getline(lines, text)) {
        ++line_number;
        if (text.empty()) continue;
        game::GameRecord& g = games.emplace_back();
        g.source_path = std::string(path);
        g.index_in_file = static_cast<int>(games.size());
        g.location = {line_number, 1};
        std::istringstream words(text);
        std::string word;
        go::Color next = go::Color::Black;
        while (words >> word) {
            if (word == "GM2") {
                g.game_type = 2;
            } else if (word == "SZ9") {
                g.board_width = g.board_height = 9;
            } else if (word == "BAD") {
                sink.warning(path, {line_number, 1}, diag::Code::UnexpectedCharacter, "a bad word");
            } else {
                // "--", "tt" and anything that is not a point are passes, as in SGF.
                const std::optional<go::Point> point = go::point_from_sgf(word);
                g.moves.push_back(point ? go::Move::at(next, *point) : go::Move::pass(next));
                g.move_locations.push_back({line_number, 1});
                next = go::opponent(next);
            }
        }
    }
    return games;
}

/// The same game line with every point moved by `s`.
inline std::string transformed(const std::string& line, go::Symmetry s) {
    std::istringstream words(line);
    std::string word;
    std::string out;
    while (words >> word) {
        if (!out.empty()) out += ' ';
        const auto p = go::point_from_sgf(word);
        out += p ? go::to_sgf(go::apply(s, *p)) : word;
    }
    return out;
}

}  // namespace josekic::testing
