#pragma once

#include <cstdint>

namespace josekic::index {

/// The first of the sorted records [first, last) that does not sort before the one sought,
/// as std::lower_bound finds it, for records that are read one at a time rather than held:
/// `before(i)` reads record i and says whether it sorts before. `last` when every one does.
/// (A loop, not std::ranges::partition_point over views::iota: clang, which builds the
/// fuzzers, does not take libstdc++ 12's iota_view as a range.)
template <typename Before>
std::uint64_t first_not_before(std::uint64_t first, std::uint64_t last, Before before) {
    while (first < last) {
        const std::uint64_t middle = first + (last - first) / 2;
        if (before(middle))
            first = middle + 1;
        else
            last = middle;
    }
    return first;
}

}  // namespace josekic::index
