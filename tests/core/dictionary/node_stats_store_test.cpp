#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "core/dictionary/node_stats_store.hpp"

using namespace josekic::dictionary;

namespace {

NodeStats one_line(LineOutcome outcome, NodeStats::Year year, NodeStats::Counter ends) {
    NodeStats stats;
    stats.record(outcome, year);
    stats.ends = ends;
    return stats;
}

// Every way of reading `handle` gives `stats`.
void check_holds(const NodeStatsStore& store, NodeStatsStore::Handle handle,
                 const NodeStats& stats) {
    CHECK(store.get(handle) == stats);
    CHECK(store.count(handle) == stats.count);
    CHECK(store.ends(handle) == stats.ends);
}

}  // namespace

TEST_CASE("statistics of at most one line are packed in the handle", "[trie][stats]") {
    NodeStatsStore store;
    std::vector<NodeStats> packable = {NodeStats{}};
    for (const LineOutcome outcome : {LineOutcome::FirstPlayerWon, LineOutcome::SecondPlayerWon,
                                      LineOutcome::Draw, LineOutcome::Unknown}) {
        for (const NodeStats::Year year :
             {NodeStats::Year{0}, NodeStats::Year{1600}, NodeStats::Year{2026}, NodeStats::Year{-3},
              NodeStats::Year{32767}}) {
            packable.push_back(one_line(outcome, year, 0));
            packable.push_back(one_line(outcome, year, 1));
        }
    }
    for (const NodeStats& stats : packable) {
        NodeStatsStore::Handle handle = NodeStatsStore::kEmpty;
        store.set(handle, stats);
        check_holds(store, handle, stats);
    }
    CHECK(store.stored() == 0);
}

TEST_CASE("statistics that do not fit a handle are stored whole", "[trie][stats]") {
    NodeStatsStore store;
    NodeStats two_lines = one_line(LineOutcome::Draw, 2001, 1);
    two_lines.record(LineOutcome::FirstPlayerWon, 1999);
    NodeStats two_ends = one_line(LineOutcome::Draw, 2001, 2);
    NodeStats two_outcomes = one_line(LineOutcome::Draw, 2001, 0);  // a hand-edited file
    two_outcomes.unknown = 1;
    NodeStats no_outcome;  // count 1, no outcome counted: also only from a file
    no_outcome.count = 1;
    NodeStats ends_only;
    ends_only.ends = 1;
    NodeStats year_range = one_line(LineOutcome::Unknown, 2001, 0);
    year_range.last_year = 2002;
    const std::vector<NodeStats> whole = {two_lines,  two_ends,  two_outcomes,
                                          no_outcome, ends_only, year_range};
    for (const NodeStats& stats : whole) {
        NodeStatsStore::Handle handle = NodeStatsStore::kEmpty;
        store.set(handle, stats);
        check_holds(store, handle, stats);
        // A stored handle keeps its place, even for statistics that would pack.
        const std::size_t before = store.stored();
        store.set(handle, NodeStats{});
        CHECK(store.get(handle) == NodeStats{});
        CHECK(store.stored() == before);
    }
    CHECK(store.stored() == whole.size());
}

namespace {

// Records `steps` random steps (a line with one of the first `outcomes` outcomes, or an end)
// both through a handle of `store` and into a NodeStats, checking they agree at each step.
void record_both_ways(NodeStatsStore& store, std::mt19937& random, int steps, unsigned outcomes) {
    NodeStats expected;
    NodeStatsStore::Handle handle = NodeStatsStore::kEmpty;
    for (int step = 0; step < steps; ++step) {
        if (random() % 3 == 0) {
            expected.record_end();
            store.record_end(handle);
        } else {
            const auto outcome = static_cast<LineOutcome>(random() % outcomes);
            std::optional<NodeStats::Year> year;
            if (random() % 4 != 0) year = static_cast<NodeStats::Year>(1950 + random() % 80);
            expected.record(outcome, year);
            store.record(handle, outcome, year);
        }
        REQUIRE(store.get(handle) == expected);
        REQUIRE(store.count(handle) == expected.count);
        REQUIRE(store.ends(handle) == expected.ends);
    }
}

}  // namespace

TEST_CASE("recording through a handle gives what NodeStats records", "[trie][stats]") {
    std::mt19937 random(16);
    NodeStatsStore store;
    for (int trial = 0; trial < 2000; ++trial)
        record_both_ways(store, random, static_cast<int>(random() % 5), 4);
}

TEST_CASE("statistics of a few lines take 8-bit counters until one passes 255", "[trie][stats]") {
    std::mt19937 random(255);
    NodeStatsStore store;
    // Enough lines for the count, and sometimes one outcome or the ends, to pass 255.
    for (int trial = 0; trial < 20; ++trial)
        record_both_ways(store, random, 900, 1 + static_cast<unsigned>(random() % 4));
    // Each node left the small store once, when its count passed 255.
    CHECK(store.stored_whole() == 20);
}

TEST_CASE("set statistics go to the smallest form they fit, and grow out of it", "[trie][stats]") {
    NodeStatsStore store;
    NodeStats few = one_line(LineOutcome::FirstPlayerWon, 2020, 1);
    few.record(LineOutcome::SecondPlayerWon, 1990);
    NodeStats many = few;
    many.draws = 256;
    many.count += 256;
    NodeStatsStore::Handle handle = NodeStatsStore::kEmpty;
    store.set(handle, few);
    check_holds(store, handle, few);
    CHECK(store.stored() == 1);
    CHECK(store.stored_whole() == 0);
    store.set(handle, many);  // no longer fits 8 bits
    check_holds(store, handle, many);
    CHECK(store.stored_whole() == 1);
    store.set(handle, few);  // a whole entry keeps its place
    check_holds(store, handle, few);
    CHECK(store.stored_whole() == 1);
    NodeStatsStore::Handle direct = NodeStatsStore::kEmpty;
    store.set(direct, many);
    check_holds(store, direct, many);
    CHECK(store.stored_whole() == 2);
}
