#include "emit/win_rate_text.hpp"

#include <cmath>

#include "emit/decimal_text.hpp"

namespace josekic::emit {

namespace {

// A proportion as a percentage with one decimal, without the '%': 0.4814 -> "48.1".
char* put_proportion(char* to, double proportion) {
    const auto tenths = static_cast<std::uint64_t>(std::llround(proportion * 1000.0));
    to = put_decimal(to, tenths / 10);
    to[0] = '.';
    to[1] = static_cast<char>('0' + tenths % 10);
    return to + 2;
}

}  // namespace

char* put_win_rate(char* to, std::uint64_t wins, std::uint64_t decided) {
    to = put_percent(to, wins, decided);
    if (decided == 0) return to;
    const dictionary::Interval interval = dictionary::wilson_interval(wins, decided);
    *to++ = ' ';
    *to++ = '(';
    to = put_proportion(to, interval.low);
    *to++ = '-';
    to = put_proportion(to, interval.high);
    *to++ = '%';
    *to++ = ')';
    return to;
}

std::string win_rate_text(std::uint64_t wins, std::uint64_t decided) {
    char buffer[kMaxWinRateBytes];
    return std::string(buffer, put_win_rate(buffer, wins, decided));
}

dictionary::Difference win_rate_against_rest(const dictionary::NodeStats& node,
                                             const dictionary::NodeStats& parent) {
    const std::uint64_t decided = node.decided();
    const std::uint64_t parent_decided = parent.decided();
    if (parent_decided <= decided || parent.first_player_wins < node.first_player_wins ||
        parent.second_player_wins < node.second_player_wins)
        return dictionary::Difference::None;  // no other line, or inconsistent numbers
    return dictionary::compare_proportions(node.first_player_wins, decided,
                                           parent.first_player_wins - node.first_player_wins,
                                           parent_decided - decided);
}

std::string_view difference_mark(dictionary::Difference difference) {
    switch (difference) {
        case dictionary::Difference::Higher:
            return "above the rest";
        case dictionary::Difference::Lower:
            return "below the rest";
        case dictionary::Difference::None:
            break;
    }
    return {};
}

}  // namespace josekic::emit
