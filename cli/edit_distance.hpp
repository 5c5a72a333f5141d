#pragma once

#include <cstddef>
#include <string_view>

namespace josekic::cli {

/// The Levenshtein distance between two byte strings: the fewest insertions, deletions
/// and substitutions of single bytes that turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace josekic::cli
