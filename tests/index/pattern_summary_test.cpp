#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "index/pattern_summary.hpp"

using namespace josekic;

namespace {

// `n` occurrences of games 0, 0, 1, 1, 2, 2 ..., at moves 10, 11, 10, 11 ..., the next move
// at code 0, 1, 0, 1 ..., the player to move winning the even games.
std::vector<index::PatternOccurrence> occurrences(std::uint32_t n, std::uint32_t first_game = 0) {
    std::vector<index::PatternOccurrence> out;
    for (std::uint32_t k = 0; k < n; ++k)
        out.push_back(index::PatternOccurrence{
            first_game + k / 2, static_cast<std::uint16_t>(10 + k % 2),
            static_cast<std::uint8_t>(k % 2), static_cast<std::uint8_t>((k / 2) % 2)});
    return out;
}

// Games 0-49 of 1990, the others of 2020.
index::YearRuns years() {
    return index::YearRuns({index::YearRunRecord{0, 1990}, index::YearRunRecord{50, 2020}});
}

constexpr index::PatternKey kBlack{index::PatternValue{1234} << 1};
constexpr index::PatternKey kWhite{kBlack.value + 1};

}  // namespace

TEST_CASE("a pattern summary counts what a query counts and reads back as written",
          "[index][patterns]") {
    const dictionary::Eras eras({2000});
    const auto black = occurrences(7);
    const auto white = occurrences(120, 1);
    index::YearRuns runs = years();
    const index::PatternSummary s = index::summarise_pattern(kBlack, black, white, runs, eras);
    CHECK(s.occurrences() == 127);
    CHECK(s.sides[0].games == 4);
    CHECK(s.sides[1].games == 60);
    CHECK(s.games == 61);  // games 1-3 have both
    CHECK(s.sides[0].first_move == 10);
    CHECK(s.sides[0].median_move == 10);  // the 4th of 10 10 10 10 11 11 11
    CHECK(s.sides[0].last_move == 11);
    REQUIRE(s.sides[0].continuations.size() == 2);
    const index::SummaryContinuation& c = s.sides[0].continuations[0];
    CHECK(c.code == 0);
    CHECK(c.outcomes[0] == 2);  // games 0 and 2 won, 1 and 3 lost
    CHECK(c.outcomes[1] == 2);
    CHECK(c.first_year == 1990);
    CHECK(c.per_era[0] == 4);
    CHECK(s.sides[1].recent.size() == index::kStoredPatternGames);
    CHECK(s.sides[1].recent.front().game == 1);
    CHECK(s.sides[1].continuations[0].last_year == 2020);
    CHECK(s.sides[1].continuations[0].per_era[1] == 11);  // games 50-60

    std::vector<std::byte> bytes;
    index::encode(s, bytes);
    CHECK(index::decode_pattern_summary(bytes, kBlack, 100) == s);
    // Games out of the index, bytes cut short or followed by more: not a summary.
    CHECK_FALSE(index::decode_pattern_summary(bytes, kBlack, 20));
    CHECK_FALSE(
        index::decode_pattern_summary(std::span(bytes).first(bytes.size() - 1), kBlack, 100));
    bytes.push_back(std::byte{0});
    CHECK_FALSE(index::decode_pattern_summary(bytes, kBlack, 100));
}

TEST_CASE("the summaries are of the stone patterns of more occurrences than the threshold",
          "[index][patterns]") {
    index::PatternSummaryWriter writer(10, years(), 100);
    const auto key = [](unsigned stones, bool white) {
        return index::PatternKey{(index::PatternValue{stones} << 1) | (white ? 1U : 0U)};
    };
    writer.add(key(1, false), occurrences(11));  // alone: summarised
    writer.add(key(2, false), occurrences(10));  // 10: not
    writer.add(key(3, false), occurrences(6));   // 6 + 5 with White to move: summarised
    writer.add(key(3, true), occurrences(5));
    writer.add(key(4, true), occurrences(12));  // White to move only: summarised
    writer.add(key(5, false), occurrences(3));  // 3, then another stone pattern: not
    writer.add(key(6, true), occurrences(3));
    const std::vector<index::PatternSummaryRecord> directory = writer.finish();
    REQUIRE(directory.size() == 4);
    CHECK(directory[0].key == key(1, false));
    CHECK(directory[0].occurrences == 11);
    CHECK(directory[1].key == key(3, false));
    CHECK(directory[1].occurrences == 11);
    CHECK(directory[2].key == key(4, false));
    CHECK(directory[3].key.value == index::kPatternSentinel);
    CHECK(directory[3].offset == writer.bytes().size());
    CHECK(directory[3].occurrences == 10);  // the threshold
    const std::span<const std::byte> bytes = writer.bytes();
    const auto pair = index::decode_pattern_summary(
        bytes.subspan(directory[1].offset, directory[2].offset - directory[1].offset),
        key(3, false), 100);
    REQUIRE(pair);
    CHECK(pair->sides[0].occurrences == 6);
    CHECK(pair->sides[1].occurrences == 5);
    CHECK(pair->eras == index::pattern_eras(years(), 100));
    const auto white_only = index::decode_pattern_summary(
        bytes.subspan(directory[2].offset, directory[3].offset - directory[2].offset),
        key(4, false), 100);
    REQUIRE(white_only);
    CHECK(white_only->sides[0].occurrences == 0);
    CHECK(white_only->side(go::Color::White).occurrences == 12);
    CHECK(index::summary_key(key(4, true)) == key(4, false));
}

TEST_CASE("the eras of pattern answers are the default eras of the index's dated games",
          "[index][patterns]") {
    // Games 0-49 of 1990, 50-99 of 2020, then undated games that count in no era.
    const index::YearRuns runs({index::YearRunRecord{0, 1990}, index::YearRunRecord{50, 2020},
                                index::YearRunRecord{100, 0}});
    CHECK(index::pattern_eras(runs, 130) == dictionary::default_eras({{1990, 50}, {2020, 50}}));
    CHECK(index::pattern_eras(index::YearRuns({}), 0) == dictionary::default_eras({}));
}
