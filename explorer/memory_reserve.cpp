#include "explorer/memory_reserve.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <atomic>
#include <new>

namespace josekic::explorer {

namespace {

// Mapped and unmapped, not new or malloc: the handler runs inside a failed operator new, and
// only an unmapped block gives its address space back to whichever allocation needs it.
std::atomic<void*> reserve{nullptr};
std::size_t reserve_bytes = 0;
std::new_handler previous_handler = nullptr;

// Called by operator new when an allocation fails: frees the reserve, if there is one, for
// the unwinding to come, and fails the allocation either way (returning would retry it and
// let the request go on spending what the unwinding needs).
void on_failed_allocation() {
    if (void* block = reserve.exchange(nullptr)) ::munmap(block, reserve_bytes);
    throw std::bad_alloc();
}

// Maps the reserve. Its pages are never touched: what a failed allocation runs into is the
// address-space limit (RLIMIT_AS) or the commit limit, and both count a mapping whole, while
// its memory costs nothing until used.
void* taken(std::size_t bytes) {
    void* block =
        ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return block == MAP_FAILED ? nullptr : block;
}

}  // namespace

MemoryReserve::MemoryReserve(std::size_t bytes) {
    // Under an address-space limit, one malloc arena for every thread: a thread's own arena
    // grows by heaps of 64 MB of address space, which the reserve freed does not make room
    // for (under `ulimit -v` 88-94 MB, 8 of 21 servers still aborted with an arena a thread,
    // none of 27 with one). Without a limit the arenas stay: one costs about a fifth of the
    // requests a second (bench/explore_load.sh on fox-28k: 6,146 against 7,429/s).
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        ::mallopt(M_ARENA_MAX, 1);
    reserve_bytes = bytes;
    reserve.store(taken(bytes));
    previous_handler = std::set_new_handler(on_failed_allocation);
}

MemoryReserve::~MemoryReserve() {
    std::set_new_handler(previous_handler);
    if (void* block = reserve.exchange(nullptr)) ::munmap(block, reserve_bytes);
}

void MemoryReserve::refill() {
    if (reserve.load() != nullptr) return;
    void* block = taken(reserve_bytes);
    if (block == nullptr) return;
    void* expected = nullptr;
    // Another thread may have refilled it meanwhile.
    if (!reserve.compare_exchange_strong(expected, block)) ::munmap(block, reserve_bytes);
}

bool MemoryReserve::held() {
    return reserve.load() != nullptr;
}

}  // namespace josekic::explorer
