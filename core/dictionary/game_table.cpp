#include "core/dictionary/game_table.hpp"

#include <algorithm>
#include <utility>

namespace josekic::dictionary {

SourcePath SourcePath::split(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    const std::size_t at = slash == std::string_view::npos ? 0 : slash + 1;
    return SourcePath{path.substr(0, at), path.substr(at)};
}

std::string SourcePath::joined() const {
    std::string path(dir);
    path += name;
    return path;
}

std::strong_ordering operator<=>(const SourcePath& a, const SourcePath& b) {
    // Byte by byte through both parts of each, as std::string compares the whole paths.
    std::string_view x = a.dir;
    std::string_view x_rest = a.name;
    std::string_view y = b.dir;
    std::string_view y_rest = b.name;
    for (;;) {
        if (x.empty()) x = std::exchange(x_rest, {});
        if (y.empty()) y = std::exchange(y_rest, {});
        if (x.empty() || y.empty()) return !x.empty() <=> !y.empty();
        const std::size_t n = std::min(x.size(), y.size());
        if (const int c = x.substr(0, n).compare(y.substr(0, n)); c != 0) return c <=> 0;
        x.remove_prefix(n);
        y.remove_prefix(n);
    }
}

GameReference GameReference::from(const game::GameRecord& record) {
    const game::GameInfo& info = record.info;
    return GameReference{
        info.black_player,   info.white_player, info.black_rank,
        info.white_rank,     info.date,         info.year,
        info.event,          info.result,       SourcePath::split(record.source_path),
        record.index_in_file};
}

GameId GameTable::add(const GameReference& game) {
    StoredGame stored;
    stored.black_player = strings_.intern(game.black_player);
    stored.white_player = strings_.intern(game.white_player);
    stored.black_rank = strings_.intern(game.black_rank);
    stored.white_rank = strings_.intern(game.white_rank);
    stored.date = strings_.intern(game.date);
    stored.event = strings_.intern(game.event);
    stored.result = strings_.intern(game.result);
    stored.source_dir = strings_.intern(game.source_path.dir);
    stored.source_name = strings_.intern(game.source_path.name);
    stored.index_in_file = game.index_in_file;
    stored.year_value = game.year.value_or(0);
    stored.has_year = game.year.has_value();
    games_.push_back(std::move(stored));
    return static_cast<GameId>(games_.size() - 1);
}

GameReference GameTable::operator[](GameId id) const {
    const StoredGame& g = games_[id];
    return GameReference{strings_[g.black_player],
                         strings_[g.white_player],
                         strings_[g.black_rank],
                         strings_[g.white_rank],
                         strings_[g.date],
                         g.year(),
                         strings_[g.event],
                         strings_[g.result],
                         SourcePath{strings_[g.source_dir], strings_[g.source_name]},
                         g.index_in_file};
}

bool GameTable::listed_before(GameId a, GameId b) const {
    const StoredGame& x = games_[a];
    const StoredGame& y = games_[b];
    const int year_x = x.year().value_or(-1);
    const int year_y = y.year().value_or(-1);
    // Later years first; within a year the later date text first (ISO dates sort as text).
    // Equal handles are equal texts: most comparisons never read the text.
    if (year_x != year_y) return year_x > year_y;
    if (x.date != y.date) return strings_[x.date] > strings_[y.date];
    if (x.source_dir != y.source_dir || x.source_name != y.source_name) {
        const SourcePath path_x{strings_[x.source_dir], strings_[x.source_name]};
        const SourcePath path_y{strings_[y.source_dir], strings_[y.source_name]};
        return path_x < path_y;
    }
    return x.index_in_file < y.index_in_file;
}

}  // namespace josekic::dictionary
