#include "core/game/rank.hpp"

#include <array>
#include <utility>
#include <vector>

namespace josekic::game {

int Rank::strength() const {
    switch (kind) {
        case RankKind::Kyu:
            return -level;
        case RankKind::AmateurDan:
            return level;
        case RankKind::Professional:
            return 100 + level;
    }
    return 0;
}

std::string to_text(const Rank& rank) {
    const char unit = rank.kind == RankKind::Kyu          ? 'k'
                      : rank.kind == RankKind::AmateurDan ? 'd'
                                                          : 'p';
    return std::to_string(rank.level) + unit;
}

namespace {

// What a piece of rank text means. A rank is one number with one unit, with marks around it.
enum class Piece {
    Number,       // "9", "九", "１８", "初" (first dan)
    Dan,          // d, dan, 段, 단
    Kyu,          // k, kyu, 級, 级, 급
    ProDan,       // p (9p, and NGF's 9DP read as 9p by the reader)
    ProMark,      // P before the number (Fox's P9段), pro, 프로, プロ, 职业, 職業
    AmateurMark,  // 아마, アマ, 业余, 業餘, amateur
    Title,        // a Japanese title: Meijin, Honinbo, ...
    Ignorable,    // white space, * ? + , . & ( ): marks and separators
    Unknown,      // anything else
};

struct Token {
    Piece piece;
    int value = 0;  // for Number
};

constexpr char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Multi-byte pieces, matched at the start of the remaining text.
struct Spelling {
    std::string_view text;
    Piece piece;
    int value = 0;
};
constexpr std::array kSpellings = {
    Spelling{"段", Piece::Dan},           Spelling{"단", Piece::Dan},
    Spelling{"級", Piece::Kyu},           Spelling{"级", Piece::Kyu},
    Spelling{"급", Piece::Kyu},           Spelling{"프로", Piece::ProMark},
    Spelling{"プロ", Piece::ProMark},     Spelling{"职业", Piece::ProMark},
    Spelling{"職業", Piece::ProMark},     Spelling{"아마", Piece::AmateurMark},
    Spelling{"アマ", Piece::AmateurMark}, Spelling{"业余", Piece::AmateurMark},
    Spelling{"業餘", Piece::AmateurMark}, Spelling{"初", Piece::Number, 1},
    Spelling{"초", Piece::Number, 1},     Spelling{"　", Piece::Ignorable},
};

// Kanji and hanja numerals (Japanese 九段, Chinese 十八级): digits, and 十 for ten.
constexpr std::array<std::string_view, 10> kCjkDigits = {"〇", "一", "二", "三", "四",
                                                         "五", "六", "七", "八", "九"};
constexpr std::string_view kCjkTen = "十";

// The number written in CJK numerals at the start of `text` ("九" 9, "十八" 18, "二十" 20),
// and its length in bytes; {0, 0} when there is none.
std::pair<int, std::size_t> cjk_number(std::string_view text) {
    const auto digit_at = [&](std::size_t at) -> std::pair<int, std::size_t> {
        for (std::size_t d = 0; d < kCjkDigits.size(); ++d) {
            if (text.substr(at).starts_with(kCjkDigits[d]))
                return {static_cast<int>(d), kCjkDigits[d].size()};
        }
        return {-1, 0};
    };
    std::size_t at = 0;
    auto [first, first_size] = digit_at(0);
    if (first >= 0) at += first_size;
    if (!text.substr(at).starts_with(kCjkTen))
        return first > 0 ? std::pair{first, at} : std::pair{0, std::size_t{0}};
    at += kCjkTen.size();
    int value = (first > 0 ? first : 1) * 10;
    const auto [ones, ones_size] = digit_at(at);
    if (ones > 0) {
        value += ones;
        at += ones_size;
    }
    return {value, at};
}

// Full-width digits ０..９ are EF BC 90..99.
int full_width_digit(std::string_view text) {
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBC) {
        const int d = static_cast<unsigned char>(text[2]) - 0x90;
        if (d >= 0 && d <= 9) return d;
    }
    return -1;
}

bool is_title(std::string_view word) {
    // The titles the goban collection writes in place of ranks, and the other Japanese
    // titles of their era; "osa" is how one file spells Oza.
    constexpr std::array<std::string_view, 10> kTitles = {
        "meijin", "honinbo", "honnimbo", "tengen", "kisei", "judan", "oza", "osa", "gosei", "kido"};
    for (std::string_view t : kTitles) {
        if (word == t) return true;
    }
    return false;
}

Piece word_piece(std::string_view word) {
    if (word == "d" || word == "dan") return Piece::Dan;
    if (word == "k" || word == "kyu") return Piece::Kyu;
    if (word == "p" || word == "pro" || word == "professional") return Piece::ProDan;
    if (word == "amateur" || word == "ama") return Piece::AmateurMark;
    if (is_title(word)) return Piece::Title;
    return Piece::Unknown;
}

std::size_t utf8_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

std::vector<Token> tokens_of(std::string_view text) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::string_view rest = text.substr(i);
        const char c = text[i];
        if ((c >= '0' && c <= '9') || full_width_digit(rest) >= 0) {
            int value = 0;
            while (i < text.size()) {
                const std::string_view here = text.substr(i);
                if (here[0] >= '0' && here[0] <= '9') {
                    value = value * 10 + (here[0] - '0');
                    ++i;
                } else if (const int d = full_width_digit(here); d >= 0) {
                    value = value * 10 + d;
                    i += 3;
                } else {
                    break;
                }
                if (value > 1000) value = 1000;  // no rank is that large; stops overflow
            }
            out.push_back({Piece::Number, value});
            continue;
        }
        if (lower(c) >= 'a' && lower(c) <= 'z') {
            std::size_t j = i;
            std::string word;
            while (j < text.size() && lower(text[j]) >= 'a' && lower(text[j]) <= 'z')
                word += lower(text[j++]);
            // Fox's P9段 and p9d: a P right before the number marks a professional.
            const bool before_number = j < text.size() && text[j] >= '0' && text[j] <= '9';
            if (word == "p" && before_number) {
                out.push_back({Piece::ProMark});
            } else if (word == "dp") {  // NGF's 9DP, should a file carry it unconverted
                out.push_back({Piece::Dan});
                out.push_back({Piece::ProMark});
            } else {
                out.push_back({word_piece(word)});
            }
            i = j;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '*' || c == '?' || c == '+' ||
            c == ',' || c == '.' || c == '&' || c == '(' || c == ')' || c == '-') {
            out.push_back({Piece::Ignorable});
            ++i;
            continue;
        }
        if (const auto [value, size] = cjk_number(rest); size != 0) {
            out.push_back({Piece::Number, value});
            i += size;
            continue;
        }
        bool matched = false;
        for (const Spelling& s : kSpellings) {
            if (rest.starts_with(s.text)) {
                out.push_back({s.piece, s.value});
                i += s.text.size();
                matched = true;
                break;
            }
        }
        if (!matched) {
            out.push_back({Piece::Unknown});
            i += utf8_length(static_cast<unsigned char>(c));
        }
    }
    return out;
}

}  // namespace

std::optional<Rank> parse_rank(std::string_view text) {
    const std::vector<Token> tokens = tokens_of(text);
    bool title = false;
    bool pro_mark = false;
    bool amateur_mark = false;
    bool unknown = false;
    std::optional<int> number;
    std::optional<Piece> unit;
    bool two_ranks = false;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        switch (t.piece) {
            case Piece::Number:
                if (number) two_ranks = true;
                number = t.value;
                break;
            case Piece::Dan:
            case Piece::Kyu:
            case Piece::ProDan:
                // A unit counts only right after its number ("9 dan", "9d").
                if (number && !unit) {
                    unit = t.piece;
                } else if (t.piece == Piece::ProDan && !number) {
                    pro_mark = true;  // "pro 9 dan"
                } else {
                    unknown = true;
                }
                break;
            case Piece::ProMark:
                pro_mark = true;
                break;
            case Piece::AmateurMark:
                amateur_mark = true;
                break;
            case Piece::Title:
                title = true;
                break;
            case Piece::Ignorable:
                break;
            case Piece::Unknown:
                unknown = true;
                break;
        }
    }
    // With a title the rest may be anything ("9d and Tengen", "Honinbo Shou"): the holder's
    // name, words joining titles. Without one, every piece must be understood.
    if (title) {
        if (number && unit == Piece::Dan && !two_ranks && *number >= 1 && *number <= 9)
            return Rank{RankKind::Professional, *number};
        return Rank{RankKind::Professional, 9};
    }
    if (unknown || two_ranks || !number || !unit) return std::nullopt;
    const int n = *number;
    if (*unit == Piece::Kyu) {
        if (pro_mark || n < 1 || n > 30) return std::nullopt;
        return Rank{RankKind::Kyu, n};
    }
    if (n < 1 || n > 9) return std::nullopt;
    const bool professional = *unit == Piece::ProDan || pro_mark;
    if (professional && amateur_mark) return std::nullopt;
    return Rank{professional ? RankKind::Professional : RankKind::AmateurDan, n};
}

}  // namespace josekic::game
