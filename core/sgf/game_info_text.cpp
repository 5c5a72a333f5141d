#include "core/sgf/game_info_text.hpp"

#include <charconv>
#include <string>

namespace josekic::sgf {

namespace {
constexpr bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
constexpr char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool starts_with_ci(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (lower(text[i]) != prefix[i]) return false;
    }
    return true;
}
}  // namespace

std::string_view trimmed(std::string_view text) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && space(text.front())) text.remove_prefix(1);
    while (!text.empty() && space(text.back())) text.remove_suffix(1);
    return text;
}

namespace {

// The number written by the run of exactly `digits` digits at the start of `text`.
std::optional<int> leading_number(std::string_view text, std::size_t digits) {
    if (text.size() < digits) return std::nullopt;
    int value = 0;
    for (std::size_t i = 0; i < digits; ++i) {
        if (!is_digit(text[i])) return std::nullopt;
        value = value * 10 + (text[i] - '0');
    }
    if (text.size() > digits && is_digit(text[digits])) return std::nullopt;
    return value;
}

// The year of a date written YY-MM-DD (old programs, before FF[4] asked for four digits).
// Only that order, with '-' and a plausible month and day, so that "05.06.98" (day first)
// and "05/06/98" (month first in the US) are not read as 2005.
std::optional<int> two_digit_year(std::string_view date) {
    date = trimmed(date);
    const auto yy = leading_number(date, 2);
    if (!yy || date.size() < 8 || date[2] != '-' || date[5] != '-') return std::nullopt;
    const auto month = leading_number(date.substr(3), 2);
    const auto day = leading_number(date.substr(6), 2);
    if (!month || !day || *month < 1 || *month > 12 || *day < 1 || *day > 31) return std::nullopt;
    return *yy < kTwoDigitYearPivot ? 2000 + *yy : 1900 + *yy;
}

}  // namespace

std::optional<int> year_from_date(std::string_view date) {
    std::size_t i = 0;
    while (i < date.size()) {
        if (!is_digit(date[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < date.size() && is_digit(date[j])) ++j;
        if (j - i == 4) {
            const int year = (date[i] - '0') * 1000 + (date[i + 1] - '0') * 100 +
                             (date[i + 2] - '0') * 10 + (date[i + 3] - '0');
            if (year >= kFirstPlausibleYear && year <= kLastPlausibleYear) return year;
        }
        i = j;
    }
    return two_digit_year(date);
}

namespace {
bool is_draw(std::string_view re) {
    return re == "0" || re == "=" || starts_with_ci(re, "jigo") || starts_with_ci(re, "draw") ||
           re.starts_with("和") || re.starts_with("持碁") || re.starts_with("무승부");
}
}  // namespace

game::Winner winner_from_result(std::string_view result) {
    const std::string_view re = trimmed(result);
    if (re.empty()) return game::Winner::Unknown;
    if (is_draw(re)) return game::Winner::Draw;
    // A winner's prefix names the winner whatever follows: "W+Jigo" is how records of the
    // Meijin and Honinbo matches of the 1950s-70s (komi 5, "White wins a jigo") write a game
    // that White won on the board's tie, and Fox's B+0.0 is a win under its half-point komi.
    if (starts_with_ci(re, "b+") || starts_with_ci(re, "black") || re == "B" || re == "b") {
        return game::Winner::Black;
    }
    if (starts_with_ci(re, "w+") || starts_with_ci(re, "white") || re == "W" || re == "w") {
        return game::Winner::White;
    }
    // Chinese 黑/白, Japanese 黒/白, Korean 흑/백 at the start name the winner.
    if (re.starts_with("黑") || re.starts_with("黒") || re.starts_with("흑"))
        return game::Winner::Black;
    if (re.starts_with("白") || re.starts_with("백")) return game::Winner::White;
    return game::Winner::Unknown;
}

std::optional<double> komi_from_text(std::string_view text, std::string_view rules) {
    std::string value(trimmed(text));
    for (char& c : value) {
        if (c == ',') c = '.';  // "7,5" from European locales
    }
    if (value.empty()) return std::nullopt;
    double komi = 0;
    const char* begin = value.data();
    if (*begin == '+') ++begin;
    const auto [end, ec] = std::from_chars(begin, value.data() + value.size(), komi);
    if (ec != std::errc{} || end == begin) return std::nullopt;
    // Fox writes komi x100, counted in stones under Chinese rules: in its corpora KM[375]
    // and KM[325] occur only with RU[Chinese] (7.5 and 6.5 points), KM[650], KM[750] only
    // with RU[Japanese]. No real komi exceeds 100, so larger values are that storage.
    if (komi > 100 || komi < -100) {
        komi /= 100;
        if (starts_with_ci(trimmed(rules), "chinese") || starts_with_ci(trimmed(rules), "cn"))
            komi *= 2;
    }
    return komi;
}

std::string event_with_round(std::string_view event, std::string_view round) {
    std::string out(trimmed(event));
    const std::string_view ro = trimmed(round);
    if (ro.empty()) return out;
    if (!out.empty()) out += ", ";
    if (is_digit(ro.front())) out += "round ";
    out += ro;
    return out;
}

}  // namespace josekic::sgf
