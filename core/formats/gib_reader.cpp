#include "core/formats/gib_reader.hpp"

#include <optional>
#include <string>

#include "core/formats/handicap_points.hpp"
#include "core/formats/record_builder.hpp"
#include "core/formats/text_lines.hpp"
#include "core/sgf/game_info_text.hpp"

namespace josekic::formats {

namespace {

// A header line is \[KEY=value\]; returns the value when the line is KEY's.
std::optional<std::string_view> header_value(std::string_view line, std::string_view key) {
    line = sgf::trimmed(line);
    if (!line.starts_with("\\[") || !line.ends_with("\\]")) return std::nullopt;
    line = line.substr(2, line.size() - 4);
    if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != '=')
        return std::nullopt;
    return line.substr(key.size() + 1);
}

// The value of `key` in a comma-separated list of key:value (GAMEINFOMAIN) or of
// key-letter-then-value items (GAMETAG, e.g. "G65"), as `separator` says.
std::optional<std::string_view> item(std::string_view list, std::string_view key,
                                     std::string_view separator) {
    for (std::string_view field : split_fields(list, ',')) {
        field = sgf::trimmed(field);
        if (field.starts_with(key) && field.substr(key.size()).starts_with(separator))
            return field.substr(key.size() + separator.size());
    }
    return std::nullopt;
}

// "dongjik (1급)" -> name "dongjik", rank "1급"; a name without one bracketed rank at its
// end is all name.
void read_player(std::string_view written, std::string& name, std::string& rank) {
    const std::size_t open = written.rfind('(');
    if (open != std::string_view::npos && written.ends_with(')') && written.find('(') == open) {
        name = std::string(sgf::trimmed(written.substr(0, open)));
        rank = std::string(sgf::trimmed(written.substr(open + 1, written.size() - open - 2)));
    } else {
        name = std::string(sgf::trimmed(written));
    }
}

// GRLT (result kind) and ZIPSU (score x10): 0 and 1 are Black's and White's wins by
// points, 3 and 4 by resignation, 7 and 8 on time; others (255: not finished) say nothing.
std::string result_text(int kind, std::optional<int> score_tenths) {
    switch (kind) {
        case 0:
        case 1: {
            std::string margin;
            if (score_tenths) {
                margin = std::to_string(*score_tenths / 10);
                if (*score_tenths % 10 != 0) margin += "." + std::to_string(*score_tenths % 10);
            }
            return std::string(kind == 0 ? "B+" : "W+") + margin;
        }
        case 3:
            return "B+R";
        case 4:
            return "W+R";
        case 7:
            return "B+T";
        case 8:
            return "W+T";
        default:
            return "";
    }
}

// GAMETAG's "C2016:03:26:17:29" -> "2016-03-26".
std::string tag_date(std::string_view tag) {
    for (std::string_view field : split_fields(tag, ',')) {
        field = sgf::trimmed(field);
        if (field.size() >= 11 && field[0] == 'C' && field[5] == ':' && field[8] == ':') {
            return std::string(field.substr(1, 4)) + "-" + std::string(field.substr(6, 2)) + "-" +
                   std::string(field.substr(9, 2));
        }
    }
    return "";
}

class GibReader {
  public:
    GibReader(std::string_view bytes, std::string_view path, const sgf::ReadOptions& options,
              diag::DiagnosticSink& sink)
        : bytes_(bytes), builder_(bytes, path, options, sink) {}

    std::vector<game::GameRecord> read() {
        bool moves_ended = false;
        // The game section opens with \GS and closes with \GE: a file that stops between
        // them was cut short, and its game would otherwise look like one that ended there.
        bool game_opened = false;
        bool game_closed = false;
        const std::vector<TextLine> lines = split_lines(bytes_);
        for (const TextLine& line : lines) {
            const std::string_view text = sgf::trimmed(line.text);
            if (text.starts_with("\\[")) {
                header(line);
            } else if (text == "\\GS") {
                game_opened = true;
            } else if (text == "\\GE") {
                game_closed = true;
            } else if (text.starts_with("INI ")) {
                setup(line);
            } else if (text.starts_with("STO ") && !moves_ended) {
                moves_ended = !move(line);
            }
        }
        if (game_opened && !game_closed) {
            const std::size_t moves = builder_.record().moves.size();
            builder_.cut_short(lines, "the game has no end mark (\\GE): the file ends after " +
                                          std::to_string(moves) +
                                          (moves == 1 ? " move" : " moves"));
        }
        return builder_.finish("GIB", found_header_);
    }

  private:
    void header(const TextLine& line) {
        found_header_ = true;
        game::GameRecord& g = builder_.record();
        if (const auto v = header_value(line.text, "GAMEBLACKNAME")) {
            read_player(builder_.text(*v, line.at()), g.info.black_player, g.info.black_rank);
        } else if (const auto w = header_value(line.text, "GAMEWHITENAME")) {
            read_player(builder_.text(*w, line.at()), g.info.white_player, g.info.white_rank);
        } else if (const auto main = header_value(line.text, "GAMEINFOMAIN")) {
            info_items(*main, "GRLT", "ZIPSU", "GONGJE", ":");
        } else if (const auto tag = header_value(line.text, "GAMETAG")) {
            if (g.info.date.empty()) g.info.date = tag_date(*tag);
            info_items(*tag, "W", "Z", "G", "");
        }
    }

    // GAMEINFOMAIN and GAMETAG say the same things under different keys; the first that
    // says one wins.
    void info_items(std::string_view list, std::string_view result_key, std::string_view score_key,
                    std::string_view komi_key, std::string_view separator) {
        game::GameInfo& info = builder_.record().info;
        if (info.result.empty()) {
            if (const auto kind = item(list, result_key, separator)) {
                if (const auto k = whole_number(*kind)) {
                    const auto score = item(list, score_key, separator);
                    info.result = result_text(*k, score ? whole_number(*score) : std::nullopt);
                }
            }
        }
        if (!info.komi) {
            if (const auto komi = item(list, komi_key, separator)) {
                if (const auto tenths = whole_number(*komi)) info.komi = *tenths / 10.0;
            }
        }
    }

    // "INI 0 1 3 &4": the fourth field is the handicap.
    void setup(const TextLine& line) {
        const auto fields = split_fields(sgf::trimmed(line.text), ' ');
        const auto stones = fields.size() > 3 ? whole_number(fields[3]) : std::nullopt;
        if (!stones) {
            builder_.warning(line.at(), diag::Code::BadNumber,
                             "no handicap in '" + std::string(line.text) + "'; none assumed");
            return;
        }
        game::GameRecord& g = builder_.record();
        if (*stones < 2) return;
        g.info.handicap = *stones;
        g.setup_black = handicap_points(*stones);
        if (g.setup_black.empty()) {
            builder_.warning(line.at(), diag::Code::BadNumber,
                             "a handicap of " + std::to_string(*stones) +
                                 " stones has no standard placement; no stones set");
        }
    }

    // "STO 0 2 1 15 15": move number, colour (1 Black, 2 White), x and y from 0.
    bool move(const TextLine& line) {
        const auto fields = split_fields(sgf::trimmed(line.text), ' ');
        const auto color = fields.size() > 5 ? whole_number(fields[3]) : std::nullopt;
        const auto x = fields.size() > 5 ? whole_number(fields[4]) : std::nullopt;
        const auto y = fields.size() > 5 ? whole_number(fields[5]) : std::nullopt;
        if (!color || (*color != 1 && *color != 2) || !x || !y) {
            return builder_.unreadable_move(sgf::trimmed(line.text), line.at());
        }
        return builder_.add_move(*color == 1 ? go::Color::Black : go::Color::White, *x, *y,
                                 sgf::trimmed(line.text), line.at());
    }

    std::string_view bytes_;
    RecordBuilder builder_;
    bool found_header_ = false;
};

}  // namespace

std::vector<game::GameRecord> read_gib_games(std::string_view bytes, std::string_view path,
                                             const sgf::ReadOptions& options,
                                             diag::DiagnosticSink& sink) {
    return GibReader(bytes, path, options, sink).read();
}

}  // namespace josekic::formats
