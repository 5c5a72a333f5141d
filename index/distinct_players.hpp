#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "index/game_selection.hpp"
#include "index/index_reader.hpp"

namespace josekic::index {

/// How many people played the games of a node: the distinct names among both players of the
/// games whose lines pass through it (a name counted once however many games it played; a
/// game without a name adds none; one person written two ways counts twice). The explorer's
/// "players" column: a line played a thousand times by three people is not a thousand
/// people's choice.
class PlayerCounter {
  public:
    /// Reads the string pool's size and where its empty text is; `index` must outlive the
    /// counter. Throws IndexError.
    explicit PlayerCounter(const IndexFile& index);

    /// The players of each of `nodes` of `tree`, of `selection`'s games when given. Throws
    /// IndexError. May be called from several threads at once.
    std::vector<std::uint32_t> count(Tree tree, std::span<const std::uint32_t> nodes,
                                     const GameSelection* selection = nullptr) const;

  private:
    const IndexFile* index_;
    std::uint64_t pool_size_ = 0;
    std::optional<std::uint32_t> empty_text_;  // the pool offset of "", if a game has it
    mutable std::mutex whole_column_;          // held while a count holds the whole column
};

}  // namespace josekic::index
