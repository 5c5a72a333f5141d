#include "core/formats/ngf_reader.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>

#include "core/formats/handicap_points.hpp"
#include "core/formats/record_builder.hpp"
#include "core/formats/text_lines.hpp"
#include "core/sgf/game_info_text.hpp"

namespace josekic::formats {

namespace {

// The header's lines, counted from 0 (the game's title is line 0).
enum HeaderLine : std::size_t {
    kSize = 1,
    kWhite = 2,
    kBlack = 3,
    kHandicap = 5,
    kKomi = 7,
    kDate = 8,
    kResult = 10,
    kHeaderLines = 11,
    kMoveCount = 11,  // the line after the header: how many move lines follow
};

// "LQC         9DP" -> name "LQC", rank "9p"; "ace550      7D*" -> "ace550", "7d*".
// Ranks are written 9DP (professional), 7D, 5K: the SGF forms are 9p, 7d, 5k.
void read_player(std::string_view written, std::string& name, std::string& rank) {
    written = sgf::trimmed(written);
    const std::size_t gap = written.rfind(' ');
    if (gap == std::string_view::npos) {
        name = std::string(written);
        return;
    }
    name = std::string(sgf::trimmed(written.substr(0, gap)));
    const std::string_view raw = written.substr(gap + 1);
    rank.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw.substr(i).starts_with("DP")) {
            rank += 'p';
            ++i;
        } else if (raw[i] == 'D' || raw[i] == 'K') {
            rank += static_cast<char>(raw[i] - 'A' + 'a');
        } else {
            rank += raw[i];
        }
    }
}

// "Black wins by 0.5!", "White wins by  resign!", "White wins by time!", "Black lose ...".
std::string result_text(std::string_view line) {
    const bool white_wins = line.find("hite win") != std::string_view::npos ||
                            line.find("lack lose") != std::string_view::npos;
    const bool black_wins = line.find("lack win") != std::string_view::npos ||
                            line.find("hite lose") != std::string_view::npos;
    if (white_wins == black_wins) return "";
    std::string result = black_wins ? "B+" : "W+";
    if (line.find("resign") != std::string_view::npos) return result + "R";
    if (line.find("time") != std::string_view::npos) return result + "T";
    // The margin is the number in the sentence ("by 0.5!").
    const std::size_t digit = line.find_first_of("0123456789");
    if (digit != std::string_view::npos) {
        const std::size_t end = line.find_first_not_of("0123456789.", digit);
        result += line.substr(digit, end - digit);
    }
    return result;
}

// "20170316 [09:37]" -> "2017-03-16".
std::string date_text(std::string_view line) {
    line = sgf::trimmed(line);
    if (line.size() < 8 ||
        line.substr(0, 8).find_first_not_of("0123456789") != std::string_view::npos)
        return "";
    return std::string(line.substr(0, 4)) + "-" + std::string(line.substr(4, 2)) + "-" +
           std::string(line.substr(6, 2));
}

class NgfReader {
  public:
    NgfReader(std::string_view bytes, std::string_view path, const sgf::ReadOptions& options,
              diag::DiagnosticSink& sink)
        : lines_(split_lines(bytes)), builder_(bytes, path, options, sink) {}

    std::vector<game::GameRecord> read() {
        bool found_header = false;
        if (lines_.size() >= kHeaderLines && whole_number(lines_[kSize].text)) {
            found_header = true;
            header();
        } else if (!lines_.empty() && lines_[0].text.starts_with("GI")) {
            found_header = true;
            older_header();
        }
        // Moves are looked for on every line: older files have fewer header lines.
        std::size_t move_lines = 0;
        bool moves_ended = false;
        for (const TextLine& line : lines_) {
            const std::string_view text = sgf::trimmed(line.text);
            if (!text.starts_with("PM")) continue;
            ++move_lines;
            if (!moves_ended) moves_ended = !move(line, text);
        }
        // The header counts the move lines: fewer is a file cut short, whose game would
        // otherwise look like one that ended there.
        if (const auto counted =
                lines_.size() > kMoveCount ? whole_number(lines_[kMoveCount].text) : std::nullopt;
            found_header && counted && *counted > 0 && move_lines < std::size_t(*counted)) {
            builder_.cut_short(lines_, "the header counts " + std::to_string(*counted) +
                                           (*counted == 1 ? " move" : " moves") +
                                           ", the file ends after " + std::to_string(move_lines));
        }
        return builder_.finish("NGF", found_header);
    }

  private:
    void header() {
        game::GameRecord& g = builder_.record();
        game::GameInfo& info = g.info;
        const int size = *whole_number(lines_[kSize].text);
        g.board_width = g.board_height = size;
        read_player(builder_.text(lines_[kWhite].text, lines_[kWhite].at()), info.white_player,
                    info.white_rank);
        read_player(builder_.text(lines_[kBlack].text, lines_[kBlack].at()), info.black_player,
                    info.black_rank);
        info.date = date_text(lines_[kDate].text);
        info.result = result_text(lines_[kResult].text);
        const int handicap = whole_number(lines_[kHandicap].text).value_or(0);
        if (handicap >= 2) {
            info.handicap = handicap;
            if (size == go::kBoardSize) g.setup_black = handicap_points(handicap);
        }
        // Komi is written as a whole number; an even game's is half a point more (7 is
        // 7.5, as the result "Black wins by 0.5" of such a game shows).
        if (const auto komi = whole_number(lines_[kKomi].text)) {
            info.komi = *komi + (handicap == 0 ? 0.5 : 0.0);
        }
    }

    // The older layout: every header line starts with "GI"; the title, white, black, two
    // empty lines, the date (2006-9-5), the size, the handicap, the komi; the result is
    // a sentence on an "IDB[moves]" line at the end ("白中盘胜": White wins by resignation).
    void older_header() {
        game::GameRecord& g = builder_.record();
        game::GameInfo& info = g.info;
        const auto field = [&](std::size_t i) {
            return i < lines_.size() && lines_[i].text.starts_with("GI") ? lines_[i].text.substr(2)
                                                                         : std::string_view{};
        };
        // A short file may end before the players' lines; their text is then empty.
        const auto after_gi = [&](std::size_t i) {
            return i < lines_.size() ? lines_[i].at(3) : lines_.back().at(3);
        };
        info.event = builder_.text(field(0), after_gi(0));
        read_player(builder_.text(field(1), after_gi(1)), info.white_player, info.white_rank);
        read_player(builder_.text(field(2), after_gi(2)), info.black_player, info.black_rank);
        info.date = std::string(sgf::trimmed(field(5)));
        if (const auto size = whole_number(field(6))) g.board_width = g.board_height = *size;
        const int handicap = whole_number(field(7)).value_or(0);
        if (handicap >= 2) {
            info.handicap = handicap;
            if (g.board_width == go::kBoardSize) g.setup_black = handicap_points(handicap);
        }
        for (const TextLine& line : lines_) {
            if (!line.text.starts_with("IDB[")) continue;
            const std::size_t close = line.text.find(']');
            if (close != std::string_view::npos) {
                std::string_view sentence = line.text.substr(close + 1);
                sentence = sentence.substr(0, sentence.find("[EndTxt]"));
                info.result = builder_.text(sentence, line.at(static_cast<int>(close) + 2));
            }
        }
    }

    // "PMABBREER": PM, the move number in two letters, the colour, x and y as letters
    // from 'B' (B is 0), then the same point again backwards.
    bool move(const TextLine& line, std::string_view text) {
        const bool readable = text.size() >= 7 && (text[4] == 'B' || text[4] == 'W');
        if (!readable) {
            return builder_.unreadable_move(text, line.at());
        }
        return builder_.add_move(text[4] == 'B' ? go::Color::Black : go::Color::White,
                                 text[5] - 'B', text[6] - 'B', text, line.at());
    }

    std::vector<TextLine> lines_;
    RecordBuilder builder_;
};

}  // namespace

bool looks_like_ngf(std::string_view bytes) {
    // Move lines are looked for among the first lines only: a file's shape shows there.
    constexpr std::size_t kLinesLooked = 64;
    const std::vector<TextLine> lines = split_lines(bytes);
    if (lines.size() <= kMoveCount) return false;
    const std::optional<int> size = whole_number(lines[kSize].text);
    if (!size || *size < 2 || *size > 52) return false;
    return std::ranges::any_of(
        std::span(lines).subspan(kMoveCount + 1,
                                 std::min(lines.size(), kLinesLooked) - (kMoveCount + 1)),
        [](const TextLine& line) { return line.text.starts_with("PM"); });
}

std::vector<game::GameRecord> read_ngf_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink) {
    return NgfReader(bytes, path, options, sink).read();
}

}  // namespace josekic::formats
