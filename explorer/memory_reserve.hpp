#pragma once

#include <cstddef>

namespace josekic::explorer {

/// Memory held back for a request that runs out of it to unwind with. A request that fails
/// to allocate unwinds through destructors that allocate too (nlohmann::json's, which
/// flattens the tree it destroys), and an allocation failing there ends the whole server
/// (std::terminate). While a reserve lives, the first failed allocation frees it and throws
/// std::bad_alloc, so that the unwinding has room; refill() takes it again once the request
/// is answered. Process-wide (std::set_new_handler): one at a time.
class MemoryReserve {
  public:
    explicit MemoryReserve(std::size_t bytes);
    MemoryReserve(const MemoryReserve&) = delete;
    MemoryReserve& operator=(const MemoryReserve&) = delete;
    /// Frees the reserve and restores the new-handler it found.
    ~MemoryReserve();

    /// Takes the reserve again if a failed allocation spent it (and memory allows).
    static void refill();
    /// Whether the reserve is held (not spent, or taken again).
    static bool held();
};

}  // namespace josekic::explorer
