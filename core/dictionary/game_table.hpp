#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/dictionary/block_vector.hpp"
#include "core/dictionary/string_pool.hpp"
#include "core/game/game_record.hpp"

namespace josekic::dictionary {

/// A game's source path split after its last '/': the directory part repeats across the
/// games of a collection, the file name mostly does not. Paths compare as the whole text.
struct SourcePath {
    std::string_view dir;   ///< up to and including the last '/'; empty when there is none
    std::string_view name;  ///< the rest

    /// `path` split into its two parts (views into `path`).
    static SourcePath split(std::string_view path);
    /// The whole path.
    std::string joined() const;
    /// Bytes of the whole path.
    std::size_t size() const { return dir.size() + name.size(); }

    friend std::strong_ordering operator<=>(const SourcePath& a, const SourcePath& b);
    friend bool operator==(const SourcePath& a, const SourcePath& b) {
        return a.size() == b.size() && (a <=> b) == 0;
    }
};

/// What a dictionary says about a game a line came from. The text is viewed, not owned:
/// given to GameTable::add() it is copied in; read from a table it views the table's text.
struct GameReference {
    std::string_view black_player;
    std::string_view white_player;
    std::string_view black_rank;
    std::string_view white_rank;
    std::string_view date;
    std::optional<int> year;
    std::string_view event;
    std::string_view result;
    SourcePath source_path;
    int index_in_file = 1;

    /// The reference of `record`, viewing its text.
    static GameReference from(const game::GameRecord& record);
};

/// Index of a game in a GameTable.
using GameId = std::uint32_t;

/// A game as a GameTable stores it: its text as handles into the table's strings(), so
/// that a game takes 48 bytes however long its names and path are.
struct StoredGame {
    StringId black_player = 0;
    StringId white_player = 0;
    StringId black_rank = 0;
    StringId white_rank = 0;
    StringId date = 0;
    StringId event = 0;
    StringId result = 0;
    StringId source_dir = 0;
    StringId source_name = 0;
    std::int32_t index_in_file = 1;
    std::int32_t year_value = 0;  ///< meaningful when has_year
    bool has_year = false;

    std::optional<int> year() const {
        return has_year ? std::optional<int>(year_value) : std::nullopt;
    }
};

/// The games a dictionary cites, each once, with their text interned in one StringPool.
class GameTable {
  public:
    /// Adds a game, copying its text in.
    GameId add(const GameReference& game);

    /// The game `id`, viewing the table's text: valid until the next add().
    GameReference operator[](GameId id) const;
    /// The game `id` as stored: its text as handles into strings().
    const StoredGame& stored(GameId id) const { return games_[id]; }
    /// The text of every game, each distinct string once.
    const StringPool& strings() const { return strings_; }
    std::size_t size() const { return games_.size(); }
    /// Frees what add() alone needs (StringPool::release_lookup) once no more games are
    /// added; the next add() builds it again.
    void release_lookup() { strings_.release_lookup(); }

    /// The order in which terminal nodes list their games: most recent first (games without
    /// a year last), then by source path and index, so that the choice of the kept few never
    /// depends on the order the games were read in. True when `a` comes before `b`.
    bool listed_before(GameId a, GameId b) const;

  private:
    StringPool strings_;
    BlockVector<StoredGame> games_;  // blocks, so that growing never copies the table
};

}  // namespace josekic::dictionary
