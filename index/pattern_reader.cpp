// The members of IndexFile that read the corner patterns (pattern_blocks.hpp has the layout).

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "index/index_reader.hpp"
#include "index/record_search.hpp"

namespace josekic::index {

PatternBlockRecord IndexFile::pattern_block(std::uint64_t i) const {
    std::array<std::byte, PatternBlockRecord::kSize> b;
    read(pattern_directory_, i * PatternBlockRecord::kSize, b);
    return decode_pattern_block(b.data());
}

PatternBlockRecord IndexFile::pattern_totals() const {
    if (!has_patterns()) return PatternBlockRecord{};
    return pattern_block(pattern_directory_.count - 1);
}

PatternCursor IndexFile::occurrence_cursor(std::uint64_t at, std::uint64_t end) const {
    if (at > end || end > pattern_occurrences_.count)
        damaged("a corner pattern block lies outside its section");
    return PatternCursor(
        [this](std::uint64_t offset, std::span<std::byte> out) {
            read(pattern_occurrences_, offset, out);
        },
        path(), at, end);
}

IndexFile::PatternSpan IndexFile::pattern_occurrences(PatternKey key) const {
    if (!has_patterns()) return {};
    // The last block whose first key is at most `key`, by binary search; the sentinel closes
    // the last block.
    const std::uint64_t blocks = pattern_directory_.count - 1;
    const std::uint64_t low = first_not_before(
        0, blocks, [&](std::uint64_t i) { return pattern_block(i).first_key <= key; });
    if (low == 0) return {};
    const PatternBlockRecord block = pattern_block(low - 1);
    const PatternBlockRecord next = pattern_block(low);
    if (next.offset <= block.offset) damaged("the corner pattern blocks are out of order");
    PatternCursor cursor = occurrence_cursor(block.offset, next.offset);
    PatternKey previous = block.first_key;
    PatternOccurrence skipped;
    for (bool first = true; !cursor.at_end(); first = false) {
        const PatternCursor::Head head = cursor.head(previous);
        if (first ? head.key != block.first_key : head.key <= previous)
            cursor.damaged("the corner patterns are out of order");
        if (head.key == key) return PatternSpan{cursor.position(), next.offset, head.count};
        if (key < head.key) return {};
        for (std::uint32_t k = 0; k < head.count; ++k) cursor.occurrence(skipped, k == 0);
        previous = head.key;
    }
    return {};
}

PatternSummaryRecord IndexFile::pattern_summary_record(std::uint64_t i) const {
    std::array<std::byte, PatternSummaryRecord::kSize> b;
    read(pattern_summary_directory_, i * PatternSummaryRecord::kSize, b);
    return decode_pattern_summary_record(b.data());
}

std::optional<PatternSummary> IndexFile::pattern_summary(PatternKey key) const {
    if (!pattern_summary_directory_.present) return std::nullopt;
    key = summary_key(key);
    // The first summary whose key is at least `key`, by binary search; the sentinel, above
    // every key, closes the last.
    const std::uint64_t summaries = pattern_summary_directory_.count - 1;
    const std::uint64_t low = first_not_before(
        0, summaries, [&](std::uint64_t i) { return pattern_summary_record(i).key < key; });
    if (low == summaries) return std::nullopt;
    const PatternSummaryRecord record = pattern_summary_record(low);
    if (record.key != key) return std::nullopt;
    const PatternSummaryRecord next = pattern_summary_record(low + 1);
    const std::string which = "corner pattern summary " + std::to_string(low);
    if (next.offset <= record.offset || next.offset > pattern_summaries_.count)
        damaged(which + " lies outside its section");
    std::vector<std::byte> bytes(static_cast<std::size_t>(next.offset - record.offset));
    read(pattern_summaries_, record.offset, bytes);
    std::optional<PatternSummary> summary = decode_pattern_summary(bytes, key, game_count());
    if (!summary || summary->occurrences() != record.occurrences)
        damaged(which + " cannot be read: malformed, or its counts do not add up");
    return summary;
}

YearRuns IndexFile::year_runs() const {
    if (!has_patterns()) return YearRuns({});
    std::vector<std::byte> bytes(
        static_cast<std::size_t>(pattern_years_.count * YearRunRecord::kSize));
    read(pattern_years_, 0, bytes);
    std::vector<YearRunRecord> runs;
    runs.reserve(static_cast<std::size_t>(pattern_years_.count));
    for (std::size_t at = 0; at < bytes.size(); at += YearRunRecord::kSize)
        runs.push_back(decode_year_run(bytes.data() + at));
    return YearRuns(std::move(runs));
}

void IndexFile::verify_patterns() const {
    // The directory: blocks in key and byte order, each counting the patterns and occurrences
    // before it; the sentinel last, closing the section and holding the totals.
    std::vector<std::byte> bytes(
        static_cast<std::size_t>(pattern_directory_.count * PatternBlockRecord::kSize));
    read(pattern_directory_, 0, bytes);
    std::vector<PatternBlockRecord> directory;
    for (std::size_t at = 0; at < bytes.size(); at += PatternBlockRecord::kSize)
        directory.push_back(decode_pattern_block(bytes.data() + at));
    const PatternBlockRecord& sentinel = directory.back();
    if (sentinel.first_key.value != kPatternSentinel ||
        sentinel.offset != pattern_occurrences_.count)
        damaged("the corner pattern directory's sentinel");
    if (directory.size() > 1 && directory.front().offset != 0)
        damaged("the corner pattern blocks do not start the section");

    // Every block: keys strictly increasing, each a real pattern (49 digits below 3, not
    // empty), each with its occurrences in order and in range.
    PatternValue limit = 1;
    for (int i = 0; i < kPatternPoints; ++i) limit *= 3;
    std::uint64_t patterns = 0;
    std::uint64_t occurrences = 0;
    std::optional<PatternKey> previous;
    // The summaries as the writer makes them from every pattern's occurrences, compared with
    // the stored ones at the end, once the years they count are checked.
    std::optional<PatternSummaryWriter> summaries;
    if (pattern_summary_directory_.present) {
        summaries.emplace(pattern_summary_record(pattern_summary_directory_.count - 1).occurrences,
                          year_runs(), game_count());
    }
    std::vector<PatternOccurrence> pattern;
    for (std::size_t b = 0; b + 1 < directory.size(); ++b) {
        const PatternBlockRecord& block = directory[b];
        const std::string which = "corner pattern block " + std::to_string(b);
        if (directory[b + 1].offset <= block.offset) damaged(which + " is out of order");
        if (block.patterns_before != patterns || block.occurrences_before != occurrences)
            damaged(which + " miscounts the patterns before it");
        PatternCursor cursor = occurrence_cursor(block.offset, directory[b + 1].offset);
        PatternKey in_block = block.first_key;
        for (bool first = true; !cursor.at_end(); first = false) {
            const PatternCursor::Head head = cursor.head(in_block);
            if (first ? head.key != block.first_key || (previous && head.key <= *previous)
                      : head.key <= in_block)
                damaged(which + " has patterns out of order");
            if ((head.key.value >> 1) >= limit || (head.key.value >> 1) == 0)
                damaged(which + " has a bad key");
            PatternOccurrence o, before;
            pattern.clear();
            for (std::uint32_t k = 0; k < head.count; ++k) {
                cursor.occurrence(o, k == 0);
                if (o.game >= game_count() || o.outcome > 3)
                    damaged(which + " has an occurrence out of range");
                if (k != 0 && std::tie(o.game, o.move_number, o.next) <
                                  std::tie(before.game, before.move_number, before.next))
                    damaged(which + " has occurrences out of order");
                before = o;
                if (summaries) pattern.push_back(o);
            }
            if (summaries) summaries->add(head.key, pattern);
            in_block = head.key;
            previous = head.key;
            ++patterns;
            occurrences += head.count;
        }
    }
    if (sentinel.patterns_before != patterns || sentinel.occurrences_before != occurrences)
        damaged("the corner pattern directory's totals");

    // The years: runs from game 0 in increasing order, each game's year its record's.
    std::vector<std::byte> year_bytes(
        static_cast<std::size_t>(pattern_years_.count * YearRunRecord::kSize));
    read(pattern_years_, 0, year_bytes);
    std::uint32_t run_start = 0;
    for (std::size_t at = 0; at < year_bytes.size(); at += YearRunRecord::kSize) {
        const YearRunRecord run = decode_year_run(year_bytes.data() + at);
        if ((at == 0 ? run.first_game != 0 : run.first_game <= run_start) ||
            run.first_game >= game_count())
            damaged("the pattern years are out of order");
        run_start = run.first_game;
    }
    if (year_bytes.empty() != (game_count() == 0)) damaged("the pattern years are missing");
    YearRuns years = year_runs();
    for_each_game_record([&](std::uint32_t id, const GameRecord& g) {
        if (years.year_of(id) != g.year)
            damaged("game " + std::to_string(id) + "'s year differs in the pattern years");
    });
    if (summaries) verify_pattern_summaries(*summaries);
}

void IndexFile::verify_pattern_summaries(PatternSummaryWriter& summaries) const {
    const std::vector<PatternSummaryRecord> expected = summaries.finish();
    std::vector<std::byte> bytes(
        static_cast<std::size_t>(pattern_summary_directory_.count * PatternSummaryRecord::kSize));
    read(pattern_summary_directory_, 0, bytes);
    const PatternSummaryRecord sentinel =
        decode_pattern_summary_record(bytes.data() + bytes.size() - PatternSummaryRecord::kSize);
    if (sentinel.key.value != kPatternSentinel || sentinel.offset != pattern_summaries_.count)
        damaged("the corner pattern summary directory's sentinel");
    // Record by record: the first that differs names the summary.
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const std::string which = "corner pattern summary " + std::to_string(i);
        if (i * PatternSummaryRecord::kSize >= bytes.size())
            damaged("a corner pattern of more than " + std::to_string(sentinel.occurrences) +
                    " occurrences has no summary");
        const PatternSummaryRecord r =
            decode_pattern_summary_record(bytes.data() + i * PatternSummaryRecord::kSize);
        if (r.key != expected[i].key || r.occurrences != expected[i].occurrences)
            damaged(which + " is not of the pattern of more than " +
                    std::to_string(sentinel.occurrences) + " occurrences it should be");
        if (r.offset != expected[i].offset) damaged(which + " does not start where it should");
    }
    if (expected.size() * PatternSummaryRecord::kSize != bytes.size())
        damaged("the corner pattern summaries name more patterns than those of more than " +
                std::to_string(sentinel.occurrences) + " occurrences");
    const std::vector<std::byte>& made = summaries.bytes();
    std::vector<std::byte> stored(made.size());
    read(pattern_summaries_, 0, stored);
    if (stored == made) return;
    const auto differ = static_cast<std::uint64_t>(
        std::mismatch(stored.begin(), stored.end(), made.begin()).first - stored.begin());
    std::size_t i = 0;
    while (i + 2 < expected.size() && expected[i + 1].offset <= differ) ++i;
    damaged("corner pattern summary " + std::to_string(i) +
            " differs from a count of its occurrences");
}

}  // namespace josekic::index
