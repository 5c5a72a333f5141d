#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/dictionary/game_list_pool.hpp"

using namespace josekic::dictionary;

namespace {

std::vector<GameId> as_vector(const GameListPool& pool, GameListId list) {
    const auto games = pool.games(list);
    return {games.begin(), games.end()};
}

// What GameListPool::insert promises, on a plain vector.
void model_insert(std::vector<GameId>& list, std::size_t position, GameId game, std::size_t limit) {
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(position), game);
    if (list.size() > limit) list.pop_back();
}

}  // namespace

TEST_CASE("an empty list has no games and takes no room", "[dictionary][game_list_pool]") {
    GameListPool pool;
    CHECK(pool.games(kNoList).empty());
    CHECK(pool.add({}) == kNoList);
    CHECK(pool.arena_words() == 0);
}

TEST_CASE("insert keeps order and drops the last game beyond the limit",
          "[dictionary][game_list_pool]") {
    GameListPool pool;
    GameListId list = kNoList;
    pool.insert(list, 0, 10, 3);
    REQUIRE(list != kNoList);
    pool.insert(list, 0, 5, 3);   // 5 10
    pool.insert(list, 2, 20, 3);  // 5 10 20
    CHECK(as_vector(pool, list) == std::vector<GameId>{5, 10, 20});
    pool.insert(list, 1, 7, 3);  // 5 7 10 (20 dropped)
    CHECK(as_vector(pool, list) == std::vector<GameId>{5, 7, 10});
    pool.insert(list, 3, 30, 3);  // inserted last and dropped at once
    CHECK(as_vector(pool, list) == std::vector<GameId>{5, 7, 10});
    pool.insert(list, 0, 1, 3);
    CHECK(as_vector(pool, list) == std::vector<GameId>{1, 5, 7});
}

TEST_CASE("many lists growing in turns agree with vectors", "[dictionary][game_list_pool]") {
    // Lists grow interleaved so that chunks move, free and are reused by other lists while
    // their neighbours are live; a deterministic generator picks the operations.
    GameListPool pool;
    constexpr std::size_t kLists = 40;
    std::vector<GameListId> lists(kLists, kNoList);
    std::vector<std::vector<GameId>> model(kLists);
    std::uint32_t state = 12345;
    auto next = [&](std::uint32_t bound) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % bound;
    };
    for (int step = 0; step < 4000; ++step) {
        const std::size_t l = next(kLists);
        const auto game = static_cast<GameId>(next(1000));
        switch (next(10)) {
            case 0:
                pool.push_back(lists[l], game);
                model[l].push_back(game);
                break;
            case 1: {
                // Copy another list (or this one: add() must cope with its source moving).
                const std::size_t from = next(kLists);
                const GameListId copy = pool.add(pool.games(lists[from]));
                const std::vector<GameId> copied = model[from];
                pool.release(lists[l]);
                lists[l] = copy;
                model[l] = copied;
                break;
            }
            case 2:
                pool.release(lists[l]);
                CHECK(lists[l] == kNoList);
                model[l].clear();
                break;
            default: {
                // A limit below the list's length (possible after push_back) keeps the length.
                const std::size_t limit = 1 + next(20);
                const std::size_t position = next(static_cast<std::uint32_t>(model[l].size() + 1));
                pool.insert(lists[l], position, game, limit);
                model_insert(model[l], position, game, limit);
                break;
            }
        }
        for (std::size_t i = 0; i < kLists; ++i) REQUIRE(as_vector(pool, lists[i]) == model[i]);
    }
}

TEST_CASE("a freed chunk is reused before the arena grows", "[dictionary][game_list_pool]") {
    GameListPool pool;
    GameListId a = kNoList;
    pool.push_back(a, 1);  // a chunk of 2 words
    const std::size_t after_one = pool.arena_words();
    CHECK(after_one == 2);
    pool.push_back(a, 2);  // moves to 4 words, freeing the 2
    CHECK(pool.arena_words() == 6);
    GameListId b = kNoList;
    pool.push_back(b, 3);  // takes the freed 2-word chunk
    CHECK(pool.arena_words() == 6);
    CHECK(as_vector(pool, a) == std::vector<GameId>{1, 2});
    CHECK(as_vector(pool, b) == std::vector<GameId>{3});
}
