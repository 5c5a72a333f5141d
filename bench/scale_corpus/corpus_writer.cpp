#include "bench/scale_corpus/corpus_writer.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "core/go/point.hpp"
#include "emit/sgf_text.hpp"

namespace josekic::bench {

namespace {

// Moves per line of a game's text: short lines, as servers write them.
constexpr std::size_t kMovesPerLine = 16;

std::string two_digits(std::size_t n) {
    return (n < 10 ? "0" : "") + std::to_string(n);
}

std::string month_name(const CorpusLayout& layout, std::size_t month) {
    const std::size_t months_from_year_zero = static_cast<std::size_t>(layout.first_year) * 12 +
                                              static_cast<std::size_t>(layout.first_month - 1) +
                                              month;
    return std::to_string(months_from_year_zero / 12) + "-" +
           two_digits(months_from_year_zero % 12 + 1);
}

void add_property(std::string& out, const char* name, const std::string& value) {
    if (value.empty()) return;
    out += name;
    out += '[';
    emit::append_escaped(out, value);
    out += ']';
}

}  // namespace

std::string game_sgf(const GeneratedGame& game, const SourceInfo& info, const std::string& date,
                     std::size_t number) {
    std::string out = "(;GM[1]FF[4]CA[UTF-8]SZ[19]";
    add_property(out, "KM", info.komi);
    add_property(out, "PB", info.black_player);
    add_property(out, "BR", info.black_rank);
    add_property(out, "PW", info.white_player);
    add_property(out, "WR", info.white_rank);
    add_property(out, "DT", date);
    add_property(out, "RE", info.result);
    add_property(out, "GN", "scale " + std::to_string(number));
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        out += i % kMovesPerLine == 0 ? "\n;" : ";";
        out += color_at(i) == go::Color::Black ? 'B' : 'W';
        out += '[';
        if (game.moves[i] != kPassCode) out += go::to_sgf(go::Point::from_index(game.moves[i]));
        out += ']';
    }
    out += ")\n";
    return out;
}

std::filesystem::path months_directory(const CorpusLayout& layout) {
    return layout.directory / "months";
}

CorpusWriter::CorpusWriter(CorpusLayout layout) : layout_(std::move(layout)) {
    std::filesystem::create_directories(months_directory(layout_));
}

void CorpusWriter::open_month(std::size_t month) {
    finish();
    const auto name = month_name(layout_, month);
    if (layout_.layout == FileLayout::Monthly) {
        months_.push_back(months_directory(layout_) / (name + ".sgf"));
        file_.open(months_.back(), std::ios::binary | std::ios::trunc);
        if (!file_) throw std::runtime_error("cannot write " + months_.back().string());
    } else {
        months_.push_back(months_directory(layout_) / name);
        std::filesystem::create_directories(months_.back());
    }
}

void CorpusWriter::add(const GeneratedGame& game, const SourceInfo& info) {
    const std::size_t month = games_ / layout_.games_per_month;
    const std::size_t in_month = games_ % layout_.games_per_month;
    if (in_month == 0) open_month(month);
    const auto day = 1 + in_month * 28 / layout_.games_per_month;
    const auto text =
        game_sgf(game, info, month_name(layout_, month) + "-" + two_digits(day), games_);
    if (layout_.layout == FileLayout::Monthly) {
        file_ << text;
        if (!file_) throw std::runtime_error("cannot write " + months_.back().string());
    } else {
        char name[32];
        std::snprintf(name, sizeof name, "%07zu.sgf", games_);
        const auto path = months_.back() / name;
        std::ofstream one(path, std::ios::binary | std::ios::trunc);
        one << text;
        one.close();
        if (!one) throw std::runtime_error("cannot write " + path.string());
    }
    ++games_;
}

void CorpusWriter::finish() {
    if (!file_.is_open()) return;
    file_.close();
    if (!file_) throw std::runtime_error("cannot write " + months_.back().string());
}

void link_subset(const CorpusLayout& layout, const std::vector<std::filesystem::path>& months,
                 std::size_t games) {
    if (games % layout.games_per_month != 0 || games / layout.games_per_month > months.size())
        throw std::invalid_argument("subset " + std::to_string(games) +
                                    ": must be a multiple of the games per month and at most "
                                    "the games written");
    const auto subset = layout.directory / ("games-" + std::to_string(games));
    std::filesystem::create_directories(subset);
    for (std::size_t m = 0; m < games / layout.games_per_month; ++m) {
        const auto link = subset / months[m].filename();
        if (!std::filesystem::is_symlink(link))
            std::filesystem::create_symlink(
                std::filesystem::path("../months") / months[m].filename(), link);
    }
}

}  // namespace josekic::bench
