#pragma once

// Index files as someone who crafts one makes them: sections added, removed or changed, and
// every checksum made right again, so that only the reader's own checks can refuse them.

#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "index/index_format.hpp"

namespace josekic::test_support {

inline std::vector<std::byte> bytes_of(const std::filesystem::path& path) {
    const std::string text = slurp(path);
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

// `bytes` with its section table rewritten by `edit` and `tail` appended to the file, the
// header's size and every checksum made right again, as anyone who crafts a file can. Offsets
// in the table are of `bytes` as they are: they move with the sections when `edit` adds or
// removes entries.
inline std::vector<std::byte> crafted(
    const std::vector<std::byte>& bytes,
    const std::function<void(std::vector<index::SectionEntry>&)>& edit,
    const std::vector<std::byte>& tail = {}) {
    const std::optional<index::Header> header = index::decode_header(bytes.data());
    REQUIRE(header);
    std::vector<index::SectionEntry> entries;
    for (std::uint32_t i = 0; i < header->section_count; ++i)
        entries.push_back(index::decode_section_entry(bytes.data() + index::head_size(i)));
    edit(entries);
    const auto count = static_cast<std::uint32_t>(entries.size());
    const std::uint64_t shift = index::head_size(count) - index::head_size(header->section_count);
    std::vector<std::byte> out(index::head_size(count));
    out.insert(out.end(),
               bytes.begin() + static_cast<std::ptrdiff_t>(index::head_size(header->section_count)),
               bytes.end());
    out.insert(out.end(), tail.begin(), tail.end());
    for (std::uint32_t i = 0; i < count; ++i) {
        index::SectionEntry e = entries[i];
        e.offset += shift;
        std::uint64_t size = 0;
        if (e.offset <= out.size() &&
            !__builtin_mul_overflow(e.count, std::uint64_t{e.record_size}, &size) &&
            size <= out.size() - e.offset)
            e.crc = index::crc32(std::span(out).subspan(e.offset, size));
        index::encode(e, out.data() + index::head_size(i));
    }
    index::Header h = *header;
    h.section_count = count;
    h.file_size = out.size();
    index::encode(h, out.data());
    h.crc = index::header_crc(std::span(out).first(index::head_size(count)));
    index::encode(h, out.data());
    return out;
}

inline index::SectionEntry& entry_of(std::vector<index::SectionEntry>& entries, std::uint32_t id) {
    for (index::SectionEntry& e : entries)
        if (e.id == id) return e;
    FAIL("no section " << id);
    return entries.front();
}

}  // namespace josekic::test_support
