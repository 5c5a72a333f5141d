#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "core/game/rank.hpp"

using namespace josekic;
using game::parse_rank;
using game::Rank;
using game::RankKind;

namespace {

std::string parsed(const std::string& text) {
    const auto rank = parse_rank(text);
    return rank ? game::to_text(*rank) : "-";
}

}  // namespace

TEST_CASE("every rank form found in real files is read", "[rank]") {
    // Each form as the corpora and the readers carry it (fox-28k, fox-pro-even-1404, goban,
    // the GIB/NGF/UGF samples, the Nihon Ki-in SGF), and what it means.
    const std::vector<std::pair<std::string, std::string>> forms = {
        // SGF's own and the servers'
        {"9p", "9p"},
        {"9P", "9p"},
        {"9d", "9d"},
        {"9D", "9d"},
        {"5k", "5k"},
        {"10K", "10k"},
        {"1k", "1k"},
        {"30k", "30k"},
        {"9 dan", "9d"},
        {"9 Dan", "9d"},
        {"7 \r\ndan", "7d"},
        {"9 kyu", "9k"},
        {"1d", "1d"},
        // IGS/NGF/UGF marks after the rank
        {"7d*", "7d"},
        {"2k?", "2k"},
        {"25k?", "25k"},
        {"11k+", "11k"},
        {"12k ", "12k"},
        // Fox: professional and amateur dan, kyu
        {"P9段", "9p"},
        {"P1段", "1p"},
        {"9段", "9d"},
        {"3段", "3d"},
        {"18级", "18k"},
        {"1级", "1k"},
        // Japanese
        {"九段", "9d"},
        {"初段", "1d"},
        {"1級", "1k"},
        {"プロ九段", "9p"},
        {"五段", "5d"},
        {"十八級", "18k"},
        {"９段", "9d"},
        // Korean
        {"9단", "9d"},
        {"5급", "5k"},
        {"1급", "1k"},
        {"프로9단", "9p"},
        {"9단 프로", "9p"},
        {"프로 9단", "9p"},
        {"아마5단", "5d"},
        {"초단", "1d"},
        // Chinese
        {"职业九段", "9p"},
        {"业余5段", "5d"},
        {"15级", "15k"},
        // goban's title-match records: a title makes a professional
        {"Meijin", "9p"},
        {"Honinbo", "9p"},
        {"Tengen", "9p"},
        {"Kisei, Meijin, Gosei", "9p"},
        {"Honinbo Shou", "9p"},
        {"Honinbo \r\nKunwa", "9p"},
        {"9d and Tengen", "9p"},
        {"9d, Tengen & Oza", "9p"},
        {"8d, Judan", "8p"},
        {"Judan, Tengen", "9p"},
        // professional written out
        {"pro 7 dan", "7p"},
        {"7 pro", "7p"},
        {"9dp", "9p"},
    };
    for (const auto& [text, meaning] : forms) {
        INFO(text);
        CHECK(parsed(text) == meaning);
    }
}

TEST_CASE("text that names no rank is no rank", "[rank]") {
    for (const std::string text : {"", " ", "?", "-", "NR", "nr", "9f", "9", "dan", "0d", "10d",
                                   "10p", "31k", "P5级", "9d 8d", "abc", "段", "5d pro amateur"}) {
        INFO(text);
        CHECK_FALSE(parse_rank(text).has_value());
    }
}

TEST_CASE("ranks order kyu below amateur dan below professional", "[rank]") {
    const std::vector<std::string> weakest_first = {"30k", "18k", "5k", "1k", "1d",
                                                    "5d",  "9d",  "1p", "5p", "9p"};
    for (std::size_t i = 0; i + 1 < weakest_first.size(); ++i) {
        INFO(weakest_first[i] << " < " << weakest_first[i + 1]);
        CHECK(*parse_rank(weakest_first[i]) < *parse_rank(weakest_first[i + 1]));
    }
    CHECK(*parse_rank("P1段") > *parse_rank("9段"));
    CHECK(*parse_rank("9 dan") == *parse_rank("9段"));
    CHECK(*parse_rank("9d") == Rank{RankKind::AmateurDan, 9});
}
