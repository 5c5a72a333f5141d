#pragma once

#include <algorithm>
#include <cstdint>
#include <ranges>

namespace josekic::index {

/// The first of the sorted records [first, last) that does not sort before the one sought,
/// as std::lower_bound finds it, for records that are read one at a time rather than held:
/// `before(i)` reads record i and says whether it sorts before. `last` when every one does.
template <typename Before>
std::uint64_t first_not_before(std::uint64_t first, std::uint64_t last, Before before) {
    const auto records = std::views::iota(first, last);
    return first + static_cast<std::uint64_t>(std::ranges::partition_point(records, before) -
                                              records.begin());
}

}  // namespace josekic::index
