#include "bench/scale_corpus/source_pool.hpp"

#include <set>
#include <utility>

#include "compiler/pipeline/fingerprint.hpp"
#include "core/diag/diagnostic.hpp"
#include "core/game/replay.hpp"
#include "core/input/walker.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::bench {

namespace {

bool alternates_from_black(const std::vector<go::Move>& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (moves[i].color != color_at(i)) return false;
    return true;
}

bool can_be_spliced(const game::GameRecord& record) {
    return record.game_type == 1 && record.board_width == 19 && record.board_height == 19 &&
           record.info.handicap == 0 && record.setup_black.empty() && record.setup_white.empty() &&
           alternates_from_black(record.moves);
}

SourceInfo info_of(const game::GameInfo& info) {
    SourceInfo out{info.black_player, info.white_player, info.black_rank,
                   info.white_rank,   info.result,       {}};
    if (info.komi) {
        out.komi = std::to_string(*info.komi);
        // std::to_string gives six decimals; a komi is a multiple of 0.25.
        while (out.komi.back() == '0') out.komi.pop_back();
        if (out.komi.back() == '.') out.komi.pop_back();
    }
    return out;
}

}  // namespace

SourcePool read_source_games(const std::vector<std::string>& inputs, std::size_t min_moves) {
    SourcePool pool;
    std::set<go::Hash128> seen;
    input::walk_inputs(inputs, [&](input::InputFile&& file) {
        if (file.read_error) return input::WalkControl::Continue;
        ++pool.files_read;
        // Real collections carry every kind of defect; the generator only needs their legal
        // moves, so diagnostics are dropped with the file.
        diag::DiagnosticList ignored;
        auto records = sgf::read_games(file.bytes, file.display_path, {}, ignored);
        pool.games_read += records.size();
        for (auto& record : records) {
            if (!can_be_spliced(record)) continue;
            const auto replayed = game::replay(record, ignored);
            record.moves.resize(replayed.legal_moves);
            if (record.moves.size() < min_moves) continue;
            if (!seen.insert(pipeline::fingerprint(record).key).second) continue;
            SourceGame game;
            game.moves.reserve(record.moves.size());
            for (const auto& move : record.moves)
                game.moves.push_back(move.point ? static_cast<MoveCode>(move.point->index())
                                                : kPassCode);
            game.info = info_of(record.info);
            pool.games.push_back(std::move(game));
        }
        return input::WalkControl::Continue;
    });
    return pool;
}

}  // namespace josekic::bench
