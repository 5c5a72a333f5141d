#include "core/dictionary/game_table.hpp"

#include <tuple>

namespace josekic::dictionary {

GameReference GameReference::from(const game::GameRecord& record) {
    const game::GameInfo& info = record.info;
    return GameReference{info.black_player,  info.white_player,   info.black_rank, info.white_rank,
                         info.date,          info.year,           info.event,      info.result,
                         record.source_path, record.index_in_file};
}

bool listed_before(const GameReference& a, const GameReference& b) {
    const int year_a = a.year.value_or(-1);
    const int year_b = b.year.value_or(-1);
    // Later years first; within a year the later date text first (ISO dates sort as text).
    if (year_a != year_b) return year_a > year_b;
    if (a.date != b.date) return a.date > b.date;
    return std::tie(a.source_path, a.index_in_file) < std::tie(b.source_path, b.index_in_file);
}

}  // namespace josekic::dictionary
