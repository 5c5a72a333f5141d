#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/move.hpp"
#include "core/go/point.hpp"

namespace josekic::game {

/// Who won, as far as RE says. Draw covers "Jigo", "0", "Draw"; Unknown covers "?",
/// "Void", an absent or unreadable RE.
enum class Winner : std::uint8_t { Black, White, Draw, Unknown };

/// The game-information properties josekic keeps, as UTF-8 text (already decoded from the
/// file's charset and unescaped).
struct GameInfo {
    std::string black_player;  ///< PB
    std::string white_player;  ///< PW
    std::string black_rank;    ///< BR
    std::string white_rank;    ///< WR
    std::string date;          ///< DT as written
    std::optional<int> year;   ///< the first plausible year in DT (1600..2100)
    std::string event;         ///< EV (and RO appended when present, e.g. "13th Tengen, game 3")
    std::string result;        ///< RE as written
    Winner winner = Winner::Unknown;
    int handicap = 0;            ///< HA, 0 when absent
    std::optional<double> komi;  ///< KM, normalised (Fox's x50 storage divided back)
};

/// One game as read from a file: its information, setup and main line. Variations are not
/// kept. Coordinates are 0-based SGF orientation (see go/point.hpp).
struct GameRecord {
    std::string source_path;        ///< display path, e.g. "dir/a.sgf" or "games.tar.xz/x/a.sgf"
    int index_in_file = 1;          ///< 1-based position of this game in its file's collection
    diag::SourceLocation location;  ///< where the game's '(' is

    int game_type = 1;     ///< GM, 1 = Go
    int board_width = 19;  ///< SZ (SZ[a:b] gives width a, height b)
    int board_height = 19;

    GameInfo info;

    /// Setup stones of the root node (AB, AW), compressed point lists expanded.
    std::vector<go::Point> setup_black;
    std::vector<go::Point> setup_white;

    /// The main line's moves in order; a pass is a Move without point ("B[]", "B[tt]").
    std::vector<go::Move> moves;
    /// moves_locations[i] is where moves[i]'s value is in the file.
    std::vector<diag::SourceLocation> move_locations;
};

}  // namespace josekic::game
