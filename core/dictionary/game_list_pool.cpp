#include "core/dictionary/game_list_pool.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <stdexcept>

namespace josekic::dictionary {

namespace {

// log2 of the words of the chunk that holds a list of `size` (>= 1) games and its length:
// bit_ceil(size + 1) words.
unsigned size_class(std::size_t size) {
    return static_cast<unsigned>(std::bit_width(size));
}

// A list fills its chunk when size + 1 is a power of two.
bool fills_chunk(std::size_t size) {
    return (size & (size + 1)) == 0;
}

}  // namespace

GameListId GameListPool::allocate(unsigned chunk_class) {
    GameListId& head = free_[chunk_class];
    if (head != kNoList) {
        const GameListId chunk = head;
        head = words_[chunk];
        return chunk;
    }
    const std::size_t words = std::size_t{1} << chunk_class;
    if (words_.size() + words >= kNoList)
        throw std::length_error("more listed games than a 32-bit game list pool holds");
    const auto chunk = static_cast<GameListId>(words_.size());
    words_.resize(words_.size() + words);
    return chunk;
}

void GameListPool::make_room(GameListId& list) {
    if (list == kNoList) {
        list = allocate(size_class(1));
        words_[list] = 0;
        return;
    }
    const std::size_t size = words_[list];
    if (!fills_chunk(size)) return;
    const unsigned from = size_class(size);
    const GameListId moved = allocate(from + 1);
    std::copy_n(words_.begin() + list, size + 1, words_.begin() + moved);
    words_[list] = free_[from];
    free_[from] = list;
    list = moved;
}

void GameListPool::insert(GameListId& list, std::size_t position, GameId game, std::size_t limit) {
    const std::size_t size = games(list).size();
    if (size >= limit) {
        // The list is at its limit: the game inserted at the end would be the one dropped,
        // anywhere else the last game makes way for it.
        if (position >= size) return;
        GameId* const g = words_.data() + list + 1;
        std::copy_backward(g + position, g + size - 1, g + size);
        g[position] = game;
        return;
    }
    make_room(list);
    GameId* const g = words_.data() + list + 1;
    std::copy_backward(g + position, g + size, g + size + 1);
    g[position] = game;
    ++words_[list];
}

void GameListPool::push_back(GameListId& list, GameId game) {
    make_room(list);
    words_[list + 1 + words_[list]] = game;
    ++words_[list];
}

GameListId GameListPool::add(std::span<const GameId> games) {
    if (games.empty()) return kNoList;
    // `games` may be a list of this pool, which allocate() can move.
    const GameId* const base = words_.data();
    const bool inside = !std::less<const GameId*>()(games.data(), base) &&
                        std::less<const GameId*>()(games.data(), base + words_.size());
    const std::size_t offset = inside ? static_cast<std::size_t>(games.data() - base) : 0;
    const GameListId list = allocate(size_class(games.size()));
    const GameId* const from = inside ? words_.data() + offset : games.data();
    words_[list] = static_cast<GameId>(games.size());
    std::copy_n(from, games.size(), words_.begin() + list + 1);
    return list;
}

void GameListPool::release(GameListId& list) {
    if (list == kNoList) return;
    const unsigned chunk_class = size_class(std::max<std::size_t>(words_[list], 1));
    words_[list] = free_[chunk_class];
    free_[chunk_class] = list;
    list = kNoList;
}

}  // namespace josekic::dictionary
