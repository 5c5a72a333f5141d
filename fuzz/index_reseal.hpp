#pragma once

// Mutated index bytes made to pass the checksums again, as anyone who crafts a file can: a
// fuzzer that only flips bytes is stopped by the header CRC at every open and never reaches
// the section table or the records.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "index/index_format.hpp"

namespace josekic::fuzz {

/// Recomputes the CRC of every section that lies in `bytes`, then the header's, in place.
/// Bytes without the magic, or whose table does not fit, are left as they are.
inline void reseal(std::span<std::byte> bytes) {
    using namespace josekic::index;
    if (bytes.size() < Header::kSize) return;
    std::optional<Header> header = decode_header(bytes.data());
    if (!header || header->section_count > Header::kMaxSections ||
        head_size(header->section_count) > bytes.size())
        return;
    for (std::uint32_t i = 0; i < header->section_count; ++i) {
        std::byte* at = bytes.data() + head_size(i);
        SectionEntry entry = decode_section_entry(at);
        std::uint64_t size = 0;
        if (entry.offset > bytes.size() ||
            __builtin_mul_overflow(entry.count, std::uint64_t{entry.record_size}, &size) ||
            size > bytes.size() - entry.offset)
            continue;
        entry.crc = crc32(
            bytes.subspan(static_cast<std::size_t>(entry.offset), static_cast<std::size_t>(size)));
        encode(entry, at);
    }
    header->crc = header_crc(bytes.first(head_size(header->section_count)));
    encode(*header, bytes.data());
}

}  // namespace josekic::fuzz
