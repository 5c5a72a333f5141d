#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/dictionary/game_table.hpp"

namespace josekic::dictionary {

/// Handle of one list in a GameListPool; kNoList is the empty list.
using GameListId = std::uint32_t;
inline constexpr GameListId kNoList = std::numeric_limits<GameListId>::max();

/// The short lists of games that terminal trie nodes keep, in one arena owned by the trie
/// instead of a std::vector in every node: a node holds a 4-byte handle instead of 24 bytes
/// and one heap block (fox-28k has ~770,000 nodes, most of them terminals with one game).
///
/// A list of n games lives in a chunk of bit_ceil(n + 1) words: its length, then its games.
/// Because lists only ever grow, the chunk size follows from the length, and a list that
/// outgrows its chunk moves to one twice the size, leaving the old chunk on a free list for
/// the next list of that size.
class GameListPool {
  public:
    /// The games of `list`, in order; empty for kNoList. Valid until the pool next changes.
    std::span<const GameId> games(GameListId list) const {
        if (list == kNoList) return {};
        return {words_.data() + list + 1, words_[list]};
    }

    /// Inserts `game` before the game at `position` (0..size) of `list`, then drops the last
    /// game if the list is longer than `limit` (which must be at least 1). Creates the list
    /// when `list` is kNoList, so `list` may change.
    void insert(GameListId& list, std::size_t position, GameId game, std::size_t limit);
    /// Appends `game` to `list` (no limit); `list` may change.
    void push_back(GameListId& list, GameId game);
    /// A new list holding `games`; kNoList when it is empty.
    GameListId add(std::span<const GameId> games);
    /// Frees the chunk of `list` for reuse and makes `list` kNoList.
    void release(GameListId& list);

    /// Words in use by the arena, free chunks included (for tests and memory accounting).
    std::size_t arena_words() const { return words_.size(); }

  private:
    /// Room for one more game: moves `list` to a larger chunk when its chunk is full.
    void make_room(GameListId& list);
    /// A chunk of 2^size_class words, from the free list or the end of the arena.
    GameListId allocate(unsigned size_class);

    std::vector<GameId> words_;
    // Free chunks by size class (log2 of the chunk's words), linked through their length word.
    std::array<GameListId, 33> free_{make_free_heads()};

    static constexpr std::array<GameListId, 33> make_free_heads() {
        std::array<GameListId, 33> heads{};
        heads.fill(kNoList);
        return heads;
    }
};

}  // namespace josekic::dictionary
