#pragma once

// Unsigned LEB128 varints, the one codec of the index's variable-length numbers (the joseki
// move numbers, the corner pattern blocks, the merge sections): 7 bits a byte, least significant
// first, the high bit set on every byte but the last.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

namespace josekic::index {

/// The most bytes a varint of an `Unsigned` value takes.
template <typename Unsigned>
inline constexpr std::size_t kMaxVarintBytes = (sizeof(Unsigned) * 8 + 6) / 7;

/// Appends `value` as a varint to `out` (bytes as std::byte or std::uint8_t).
template <typename Unsigned, typename Byte>
void append_varint(std::vector<Byte>& out, Unsigned value) {
    static_assert(!std::is_signed_v<Unsigned>);
    while (value >= 0x80) {
        out.push_back(static_cast<Byte>((static_cast<unsigned>(value) & 0x7FU) | 0x80U));
        value >>= 7;
    }
    out.push_back(static_cast<Byte>(static_cast<unsigned>(value)));
}

/// Decodes the varint at `in`, reading no byte at or after `end`, into `value`. Returns the
/// byte after it, or nullptr when it runs into `end`, is longer than an `Unsigned` needs or
/// holds bits an `Unsigned` cannot.
template <typename Unsigned>
const std::byte* decode_varint(const std::byte* in, const std::byte* end, Unsigned& value) {
    constexpr int kBits = static_cast<int>(sizeof(Unsigned) * 8);
    Unsigned v = 0;
    for (int shift = 0; in != end; shift += 7) {
        const auto b = static_cast<unsigned>(*in++);
        const Unsigned part = b & 0x7FU;
        // The last byte an Unsigned allows may hold only the bits it has room for.
        if (shift + 7 > kBits && (part >> (kBits - shift)) != 0) return nullptr;
        v |= part << shift;
        if ((b & 0x80U) == 0) {
            value = v;
            return in;
        }
        if (shift + 7 >= kBits) return nullptr;
    }
    return nullptr;
}

/// decode_varint of a 32-bit value without a branch on its length (which a stream of varints
/// of mixed lengths mispredicts): reads the 8 bytes at `in`, which must be readable, whatever
/// the varint's length. Returns its length (1-5), or 0 when it is malformed.
inline std::size_t decode_varint32_fast(const std::byte* in, std::uint32_t& value) {
    std::uint64_t w = 0;
    std::memcpy(&w, in, sizeof w);  // the supported hosts are little-endian
    // The bytes whose continuation bit is clear, among the first five.
    const std::uint64_t stops = ~w & 0x0000008080808080ULL;
    if (stops == 0) return 0;
    const auto length = static_cast<std::size_t>(__builtin_ctzll(stops) / 8 + 1);
    w &= (std::uint64_t{1} << (8 * length)) - 1;
    const std::uint64_t v = (w & 0x7FU) | ((w >> 1) & (std::uint64_t{0x7F} << 7)) |
                            ((w >> 2) & (std::uint64_t{0x7F} << 14)) |
                            ((w >> 3) & (std::uint64_t{0x7F} << 21)) |
                            ((w >> 4) & (std::uint64_t{0x7F} << 28));
    if (v > 0xFFFFFFFFU) return 0;
    value = static_cast<std::uint32_t>(v);
    return length;
}

/// The varint at `at` of `bytes`, `at` moved past it; nullopt when it is malformed or runs
/// past the end.
template <typename Unsigned>
std::optional<Unsigned> read_varint(std::span<const std::byte> bytes, std::uint64_t& at) {
    if (at >= bytes.size()) return std::nullopt;
    Unsigned value = 0;
    const std::byte* next = decode_varint(bytes.data() + at, bytes.data() + bytes.size(), value);
    if (next == nullptr) return std::nullopt;
    at = static_cast<std::uint64_t>(next - bytes.data());
    return value;
}

}  // namespace josekic::index
