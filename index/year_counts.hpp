#pragma once

#include <cstdint>
#include <map>

#include "index/game_selection.hpp"
#include "index/index_reader.hpp"

namespace josekic::index {

/// The lines through `node` (its subtree's lines, as its count counts them) by the year of
/// their game, of `selection`'s games when given; undated games under year 0. The trends of a
/// position: how often it was played each year. Throws IndexError for a damaged index.
std::map<int, std::uint64_t> year_counts(const IndexFile& index, Tree tree, std::uint32_t node,
                                         const GameSelection* selection = nullptr);

}  // namespace josekic::index
