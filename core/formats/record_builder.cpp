#include "core/formats/record_builder.hpp"

#include "core/sgf/cjk_detection.hpp"
#include "core/sgf/game_info_text.hpp"

namespace josekic::formats {

RecordBuilder::RecordBuilder(std::string_view bytes, std::string_view path,
                             const sgf::ReadOptions& options, diag::DiagnosticSink& sink)
    : path_(path),
      sink_(sink),
      charset_forced_(!options.forced_charset.empty()),
      decoder_(path, sink, sgf::fallback_charset(bytes)) {
    record_.source_path = std::string(path);
    record_.location = {1, 1};
    decoder_.use_charset(options.forced_charset, {});
    if (!charset_forced_ && decoder_.charset() != "UTF-8" && sgf::could_be_latin1(bytes))
        decoder_.doubt_fallback();
}

void RecordBuilder::use_charset(std::string_view spelling, diag::SourceLocation where) {
    if (!charset_forced_) decoder_.use_charset(spelling, where);
}

std::string RecordBuilder::text(std::string_view bytes, diag::SourceLocation where) {
    return decoder_.decode(sgf::trimmed(bytes), where);
}

namespace {
bool on_this_board(const game::GameRecord& g, int x, int y) {
    return go::on_board(x, y) && x < g.board_width && y < g.board_height;
}
go::Point point(int x, int y) {
    return go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
}
}  // namespace

bool RecordBuilder::add_move(go::Color color, int x, int y, std::string_view written,
                             diag::SourceLocation where) {
    if (!on_this_board(record_, x, y)) {
        warning(where, diag::Code::BadMove,
                "move '" + std::string(written) +
                    "' is not a point of the board; the game is read up to the move before");
        return false;
    }
    record_.moves.push_back(go::Move::at(color, point(x, y)));
    record_.move_locations.push_back(where);
    return true;
}

bool RecordBuilder::unreadable_move(std::string_view written, diag::SourceLocation where) {
    warning(where, diag::Code::BadMove,
            "cannot read the move '" + std::string(written) +
                "'; the game is read up to the move before");
    return false;
}

void RecordBuilder::add_pass(go::Color color, diag::SourceLocation where) {
    record_.moves.push_back(go::Move::pass(color));
    record_.move_locations.push_back(where);
}

bool RecordBuilder::add_setup_black(int x, int y, std::string_view written,
                                    diag::SourceLocation where) {
    if (!on_this_board(record_, x, y)) {
        warning(where, diag::Code::BadPoint,
                "setup stone '" + std::string(written) + "' is not a point of the board; ignored");
        return false;
    }
    record_.setup_black.push_back(point(x, y));
    return true;
}

void RecordBuilder::cut_short(const std::vector<TextLine>& lines, const std::string& how) {
    const TextLine& last = lines.back();
    warning(last.at(static_cast<int>(last.text.size()) + 1), diag::Code::RecordCutShort,
            how + " (truncated?); read as far as it goes");
}

void RecordBuilder::warning(diag::SourceLocation where, diag::Code code, std::string message) {
    sink_.warning(path_, where, code, std::move(message));
}

void RecordBuilder::error(diag::SourceLocation where, diag::Code code, std::string message) {
    sink_.error(path_, where, code, std::move(message));
}

std::vector<game::GameRecord> RecordBuilder::finish(std::string_view format, bool found_header) {
    if (!found_header && record_.moves.empty()) {
        error({1, 1}, diag::Code::NoGameRecord,
              "no " + std::string(format) + " game record in this file; skipped");
        return {};
    }
    game::GameInfo& info = record_.info;
    info.year = sgf::year_from_date(info.date);
    info.winner = sgf::winner_from_result(info.result);
    std::vector<game::GameRecord> games;
    games.push_back(std::move(record_));
    return games;
}

}  // namespace josekic::formats
