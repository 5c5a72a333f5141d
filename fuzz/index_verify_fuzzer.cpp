// libFuzzer target: `josekic lookup --verify` on any bytes, with the checksums made right
// again after mutation (index_reseal.hpp): IndexFile::verify reads every record of the index
// and checks it; damage must be an IndexError, never a crash or a read outside the bytes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz/index_reseal.hpp"
#include "index/index_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(data),
                                 reinterpret_cast<const std::byte*>(data) + size);
    josekic::fuzz::reseal(bytes);
    try {
        josekic::index::IndexFile::view(bytes, "fuzz.jki").verify();
    } catch (const josekic::index::IndexError&) {
    }
    return 0;
}
