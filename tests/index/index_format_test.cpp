#include <catch2/catch.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

#include "index/index_format.hpp"

using namespace josekic;

namespace {

std::vector<std::byte> bytes_of(std::string_view text) {
    std::vector<std::byte> bytes;
    for (char c : text) bytes.push_back(static_cast<std::byte>(c));
    return bytes;
}

}  // namespace

TEST_CASE("crc32 is zlib's CRC-32 for any length and split", "[index][format]") {
    CHECK(index::crc32({}) == 0U);
    CHECK(index::crc32(bytes_of("123456789")) == 0xCBF43926U);
    CHECK(index::crc32(bytes_of("The quick brown fox jumps over the lazy dog")) == 0x414FA339U);
    // Continuing from a piece gives the checksum of the whole, wherever the cut falls
    // (below, across and beyond the eight bytes folded in at a time).
    const std::vector<std::byte> text = bytes_of("The quick brown fox jumps over the lazy dog");
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        const std::span<const std::byte> all(text);
        CHECK(index::crc32(all.subspan(cut), index::crc32(all.first(cut))) == 0x414FA339U);
    }
}
