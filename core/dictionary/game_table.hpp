#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game_record.hpp"

namespace josekic::dictionary {

/// What a dictionary says about a game a line came from. Stored once per game in a
/// GameTable, however many nodes cite it.
struct GameReference {
    std::string black_player;
    std::string white_player;
    std::string black_rank;
    std::string white_rank;
    std::string date;
    std::optional<int> year;
    std::string event;
    std::string result;
    std::string source_path;
    int index_in_file = 1;

    static GameReference from(const game::GameRecord& record);
};

/// Index of a game in a GameTable.
using GameId = std::uint32_t;

/// The games a dictionary cites, each once.
class GameTable {
  public:
    GameId add(GameReference ref) {
        games_.push_back(std::move(ref));
        return static_cast<GameId>(games_.size() - 1);
    }
    const GameReference& operator[](GameId id) const { return games_[id]; }
    std::size_t size() const { return games_.size(); }

  private:
    std::vector<GameReference> games_;
};

/// The order in which terminal nodes list their games: most recent first (games without a
/// year last), then by source path and index, so that the choice of the kept few never
/// depends on the order the games were read in. True when `a` comes before `b`.
bool listed_before(const GameReference& a, const GameReference& b);

}  // namespace josekic::dictionary
