#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "index/index_reader.hpp"
#include "index/pattern_blocks.hpp"
#include "index/varint.hpp"

using namespace josekic;

namespace {

// A pattern and its occurrences, as a test writes them.
struct Written {
    index::PatternKey key;
    std::vector<index::PatternOccurrence> occurrences;
};

// A cursor over `bytes`, the occurrences section, from `at` to `end`.
index::PatternCursor cursor_over(const std::vector<std::byte>& bytes, std::uint64_t at,
                                 std::uint64_t end) {
    return index::PatternCursor(
        [&bytes](std::uint64_t offset, std::span<std::byte> out) {
            REQUIRE(offset + out.size() <= bytes.size());
            std::memcpy(out.data(), bytes.data() + offset, out.size());
        },
        "index.jki", at, end);
}

}  // namespace

TEST_CASE("varints read back as written, and malformed ones are refused", "[index][patterns]") {
    std::vector<std::byte> bytes;
    const std::vector<std::uint32_t> small{0, 1, 127, 128, 16383, 16384, 0xFFFFFFFFU};
    for (const std::uint32_t v : small) index::append_varint(bytes, v);
    const index::PatternValue large = (index::PatternValue{1} << 81) - 3;
    index::append_varint(bytes, large);
    CHECK(bytes.size() == 1 + 1 + 1 + 2 + 2 + 3 + 5 + 12);
    std::uint64_t at = 0;
    for (const std::uint32_t v : small) CHECK(index::read_varint<std::uint32_t>(bytes, at) == v);
    CHECK(index::read_varint<index::PatternValue>(bytes, at) == large);
    CHECK(at == bytes.size());
    CHECK_FALSE(index::read_varint<std::uint32_t>(bytes, at));  // nothing left

    // The branchless decoder agrees, on every length and on what follows the varint.
    std::vector<std::byte> padded = bytes;
    padded.resize(bytes.size() + 8, std::byte{0xFF});
    std::size_t from = 0;
    for (const std::uint32_t v : small) {
        std::uint32_t value = 0;
        const std::size_t length = index::decode_varint32_fast(padded.data() + from, value);
        CHECK(value == v);
        from += length;
    }
    CHECK(from == bytes.size() - 12);

    // Longer than a u32 needs; a last byte with bits a u32 has no room for; cut short.
    const std::vector<std::byte> six(6, std::byte{0x80});
    const std::vector<std::byte> wide{std::byte{0xFF}, std::byte{0xFF}, std::byte{0xFF},
                                      std::byte{0xFF}, std::byte{0x1F}};
    const std::vector<std::byte> cut{std::byte{0x80}};
    for (const auto* malformed : {&six, &wide, &cut}) {
        std::uint64_t at_start = 0;
        CHECK_FALSE(index::read_varint<std::uint32_t>(*malformed, at_start));
    }
    for (const auto* malformed : {&six, &wide}) {
        std::vector<std::byte> eight = *malformed;
        eight.resize(8, std::byte{0x80});
        std::uint32_t value = 0;
        CHECK(index::decode_varint32_fast(eight.data(), value) == 0);
    }
}

TEST_CASE("pattern blocks read back as written, each block past the block size but its last",
          "[index][patterns]") {
    std::mt19937 random(31);
    std::vector<Written> patterns;
    index::PatternValue key = 5;
    for (int p = 0; p < 3000; ++p) {
        // Differences of every size, up to the whole key range.
        key += index::PatternValue{1 + random() % 1000} << (random() % 64);
        Written w{index::PatternKey{key}, {}};
        const std::size_t count = p % 500 == 7 ? 2000 : p % 3 == 0 ? 1 + random() % 5 : 1;
        std::uint32_t game = static_cast<std::uint32_t>(random() % 1000000);
        for (std::size_t k = 0; k < count; ++k) {
            index::PatternOccurrence o;
            if (k != 0 && random() % 4 != 0) game += static_cast<std::uint32_t>(random() % 300);
            o.game = game;
            o.move_number = static_cast<std::uint16_t>(1 + random() % 65535);
            o.next = static_cast<std::uint8_t>(random() % index::kNextCodes);
            o.outcome = static_cast<std::uint8_t>(random() % 4);
            w.occurrences.push_back(o);
        }
        std::sort(w.occurrences.begin(), w.occurrences.end(), [](const auto& a, const auto& b) {
            return std::tie(a.game, a.move_number, a.next) <
                   std::tie(b.game, b.move_number, b.next);
        });
        patterns.push_back(std::move(w));
    }
    std::vector<std::byte> bytes;
    index::PatternBlockWriter writer([&bytes](std::span<const std::byte> piece) {
        bytes.insert(bytes.end(), piece.begin(), piece.end());
    });
    std::uint64_t occurrences = 0;
    for (const Written& w : patterns) {
        writer.add(w.key, w.occurrences);
        occurrences += w.occurrences.size();
    }
    const std::vector<index::PatternBlockRecord> directory = writer.finish();
    REQUIRE(directory.size() > 10);
    CHECK(writer.bytes() == bytes.size());
    CHECK(directory.back().first_key.value == index::kPatternSentinel);
    CHECK(directory.back().offset == bytes.size());
    CHECK(directory.back().patterns_before == patterns.size());
    CHECK(directory.back().occurrences_before == occurrences);

    std::size_t p = 0;
    for (std::size_t b = 0; b + 1 < directory.size(); ++b) {
        const index::PatternBlockRecord& block = directory[b];
        if (b + 2 < directory.size())
            CHECK(directory[b + 1].offset - block.offset >= index::kPatternBlockBytes);
        CHECK(block.patterns_before == p);
        CHECK(block.first_key == patterns[p].key);
        index::PatternCursor cursor = cursor_over(bytes, block.offset, directory[b + 1].offset);
        index::PatternKey previous = block.first_key;
        while (!cursor.at_end()) {
            // A pattern starts less than a block's size into its block.
            CHECK(cursor.position() - block.offset < index::kPatternBlockBytes);
            const index::PatternCursor::Head head = cursor.head(previous);
            REQUIRE(p < patterns.size());
            CHECK(head.key == patterns[p].key);
            REQUIRE(head.count == patterns[p].occurrences.size());
            index::PatternOccurrence o;
            for (std::uint32_t k = 0; k < head.count; ++k) {
                cursor.occurrence(o, k == 0);
                const index::PatternOccurrence& want = patterns[p].occurrences[k];
                CHECK(o.game == want.game);
                CHECK(o.move_number == want.move_number);
                CHECK(o.next == want.next);
                CHECK(o.outcome == want.outcome);
            }
            previous = head.key;
            ++p;
        }
    }
    CHECK(p == patterns.size());

    // A block read past its end is damage, not a crash.
    index::PatternCursor short_cursor = cursor_over(bytes, 0, 1);
    const auto read_one = [&] {
        short_cursor.head(directory[0].first_key);
        index::PatternOccurrence o;
        short_cursor.occurrence(o, true);
    };
    CHECK_THROWS_AS(read_one(), index::IndexError);
}

TEST_CASE("the pattern block writer refuses what it cannot store", "[index][patterns]") {
    index::PatternBlockWriter writer([](std::span<const std::byte>) {});
    index::PatternOccurrence a;
    a.game = 7;
    a.move_number = 10;
    index::PatternOccurrence b = a;
    b.game = 3;
    CHECK_THROWS_AS(writer.add(index::PatternKey{10}, {}), std::logic_error);
    const std::vector<index::PatternOccurrence> unsorted{a, b};
    CHECK_THROWS_AS(writer.add(index::PatternKey{10}, unsorted), std::logic_error);
    writer.add(index::PatternKey{10}, std::span(&a, 1));
    CHECK_THROWS_AS(writer.add(index::PatternKey{10}, std::span(&a, 1)), std::logic_error);
    index::PatternOccurrence no_move = a;
    no_move.move_number = 0;
    CHECK_THROWS_AS(writer.add(index::PatternKey{11}, std::span(&no_move, 1)), std::logic_error);
}

TEST_CASE("the pattern years give each game its year, asked in any order", "[index][patterns]") {
    const std::vector<std::int16_t> years{2021, 2021, 2019, 2019, 2019, 0, 0};
    const std::vector<index::YearRunRecord> runs = index::year_runs(years);
    REQUIRE(runs.size() == 3);
    CHECK(runs[1].first_game == 2);
    CHECK(runs[1].year == 2019);
    CHECK(runs[2].first_game == 5);
    index::YearRuns of(runs);
    for (std::uint32_t g = 0; g < years.size(); ++g) CHECK(of.year_of(g) == years[g]);
    for (std::uint32_t g = static_cast<std::uint32_t>(years.size()); g-- > 0;)
        CHECK(of.year_of(g) == years[g]);
    for (const std::uint32_t g : {6U, 0U, 3U, 5U, 1U}) CHECK(of.year_of(g) == years[g]);
    CHECK(of.run_of(4) == 1);
    CHECK(index::YearRuns({}).year_of(4) == 0);
    CHECK(of.games_per_year(static_cast<std::uint32_t>(years.size())) ==
          std::map<int, std::uint64_t>{{2019, 3}, {2021, 2}});
}
