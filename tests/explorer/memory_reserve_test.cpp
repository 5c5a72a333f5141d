#include <catch2/catch.hpp>

#include <cstddef>
#include <memory>
#include <new>

#include "explorer/memory_reserve.hpp"

using josekic::explorer::MemoryReserve;

TEST_CASE("a failed allocation spends the reserve, and a refill takes it again", "[explorer]") {
#if defined(__SANITIZE_ADDRESS__)
    WARN("skipped: AddressSanitizer's allocator aborts on an impossible size");
#else
    const MemoryReserve reserve(1 << 20);
    CHECK(MemoryReserve::held());
    // More than any machine has: the allocation fails, through the reserve's handler.
    const std::size_t impossible = std::size_t{1} << 62;
    CHECK_THROWS_AS(std::make_unique<char[]>(impossible), std::bad_alloc);
    CHECK_FALSE(MemoryReserve::held());
    MemoryReserve::refill();
    CHECK(MemoryReserve::held());
    // Allocations that succeed leave it alone.
    const auto small = std::make_unique<char[]>(4096);
    CHECK(MemoryReserve::held());
#endif
}
