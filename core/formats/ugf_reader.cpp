#include "core/formats/ugf_reader.hpp"

#include <optional>
#include <string>

#include "core/formats/record_builder.hpp"
#include "core/formats/text_lines.hpp"
#include "core/sgf/game_info_text.hpp"

namespace josekic::formats {

namespace {

// Lang= names the charset of the file's text; SJIS is the one PandaNet writes.
std::string_view charset_of_language(std::string_view lang) {
    if (lang == "SJIS" || lang == "JPN") return "Shift_JIS";
    if (lang == "GB" || lang == "CHN") return "GB18030";
    if (lang == "KOR") return "EUC-KR";
    return lang;
}

// "B,7.50" -> "B+7.50"; "W,C" (Japanese chuban-gachi, a win by resignation) -> "W+R".
std::string winner_text(std::string_view value) {
    const auto fields = split_fields(value, ',');
    const std::string_view who = sgf::trimmed(fields[0]);
    if (who != "B" && who != "W") return std::string(sgf::trimmed(value));
    const std::string_view how = fields.size() > 1 ? sgf::trimmed(fields[1]) : "";
    if (how == "C") return std::string(who) + "+R";
    if (how == "T") return std::string(who) + "+T";
    return std::string(who) + "+" + std::string(how);
}

class UgfReader {
  public:
    UgfReader(std::string_view bytes, std::string_view path, const sgf::ReadOptions& options,
              diag::DiagnosticSink& sink)
        : bytes_(bytes), builder_(bytes, path, options, sink) {}

    std::vector<game::GameRecord> read() {
        std::string_view section;
        bool moves_ended = false;
        bool found_header = false;
        for (const TextLine& line : split_lines(bytes_)) {
            const std::string_view text = sgf::trimmed(line.text);
            if (text.empty()) continue;
            if (text.starts_with('[') && text.ends_with(']')) {
                section = text.substr(1, text.size() - 2);
                found_header = found_header || section == "Header";
            } else if (section == "Header") {
                header(line, text);
            } else if (section == "Data" && !moves_ended) {
                moves_ended = !move(line, text);
            }
        }
        return builder_.finish("UGF", found_header);
    }

  private:
    void header(const TextLine& line, std::string_view text) {
        const std::size_t equals = text.find('=');
        if (equals == std::string_view::npos) return;
        const std::string_view key = text.substr(0, equals);
        const std::string_view value = text.substr(equals + 1);
        game::GameRecord& g = builder_.record();
        game::GameInfo& info = g.info;
        const auto fields = split_fields(value, ',');
        if (key == "Lang") {
            builder_.use_charset(charset_of_language(value), line.at(static_cast<int>(equals) + 2));
        } else if (key == "PlayerB" || key == "PlayerW") {
            // name,rank,,e-mail
            const bool black = key == "PlayerB";
            (black ? info.black_player : info.white_player) = builder_.text(fields[0], line.at());
            if (fields.size() > 1)
                (black ? info.black_rank : info.white_rank) = builder_.text(fields[1], line.at());
        } else if (key == "Size") {
            // The first size counts, and only before a stone is read: the stones read are
            // points of the board they were read on (a second [Header] after the moves, or
            // one after [Data], must not move them off it).
            const bool stones_read = !g.moves.empty() || !g.setup_black.empty();
            if (const auto size = whole_number(value); size && !size_read_ && !stones_read) {
                g.board_width = g.board_height = *size;
                size_read_ = true;
            }
        } else if (key == "Hdcp") {
            // handicap,komi
            info.handicap = whole_number(fields[0]).value_or(0);
            if (fields.size() > 1) info.komi = sgf::komi_from_text(fields[1], "");
        } else if (key == "Date") {
            // 2019/03/08,22:09:00,<end date>,<end time>
            info.date = std::string(sgf::trimmed(fields[0]));
            for (char& c : info.date) {
                if (c == '/') c = '-';
            }
        } else if (key == "Winner") {
            info.result = winner_text(value);
        }
    }

    // "QP,B1,1,0": the point (x as a letter from A, y as a letter from the bottom edge),
    // the colour, the move number (0 for a handicap stone), the seconds used.
    bool move(const TextLine& line, std::string_view text) {
        const auto fields = split_fields(text, ',');
        const bool readable = fields.size() >= 3 && fields[0].size() == 2 && !fields[1].empty() &&
                              (fields[1][0] == 'B' || fields[1][0] == 'W');
        if (!readable) {
            return builder_.unreadable_move(text, line.at());
        }
        const go::Color color = fields[1][0] == 'B' ? go::Color::Black : go::Color::White;
        if (fields[0] == "YA") {  // a pass, as the review of a game shows before it ends
            builder_.add_pass(color, line.at());
            return true;
        }
        const int height = builder_.record().board_height;
        const int x = fields[0][0] - 'A';
        const int y = height - 1 - (fields[0][1] - 'A');
        if (whole_number(fields[2]) == 0 && fields[1][0] == 'B' &&
            builder_.record().moves.empty()) {
            builder_.add_setup_black(x, y, fields[0], line.at());
            return true;
        }
        return builder_.add_move(color, x, y, fields[0], line.at());
    }

    std::string_view bytes_;
    RecordBuilder builder_;
    bool size_read_ = false;
};

}  // namespace

std::vector<game::GameRecord> read_ugf_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink) {
    return UgfReader(bytes, path, options, sink).read();
}

}  // namespace josekic::formats
