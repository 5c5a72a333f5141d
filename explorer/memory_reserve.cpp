#include "explorer/memory_reserve.hpp"

#include <malloc.h>
#include <sys/mman.h>

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

// Maps the reserve and writes to it, so that the pages are the process's own.
void* taken(std::size_t bytes) {
    void* block =
        ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) return nullptr;
    for (std::size_t i = 0; i < bytes; i += 4096) static_cast<unsigned char*>(block)[i] = 0;
    return block;
}

}  // namespace

MemoryReserve::MemoryReserve(std::size_t bytes) {
    // One malloc arena for every thread: a thread's own arena grows by heaps of 64 MB of
    // address space, which the few megabytes of the reserve freed do not make room for
    // (with an arena a thread, 8 of 21 servers under `ulimit -v` 88-94 MB still aborted,
    // with one none did; the load test's figures move within their noise).
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
