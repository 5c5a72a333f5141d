#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "index/index_format.hpp"

using namespace josekic;

namespace {

struct DocRow {
    std::string name;
    std::uint32_t record_size;
};

// The rows of docs/index-format.md's section table: "| 0x10 | joseki nodes | ... | 10 |".
std::map<std::uint32_t, DocRow> documented_sections() {
    const std::string doc =
        test_support::slurp(std::filesystem::path(JOSEKIC_SOURCE_DIR) / "docs" / "index-format.md");
    const std::regex row(R"(^\| (0x[0-9a-f]+|[0-9]+) \| ([a-z ]+) \| [^|]+ \| ([0-9]+) \|$)");
    std::map<std::uint32_t, DocRow> rows;
    std::istringstream lines(doc);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, row)) continue;
        const auto id = static_cast<std::uint32_t>(std::stoul(m[1].str(), nullptr, 0));
        rows[id] = DocRow{m[2].str(), static_cast<std::uint32_t>(std::stoul(m[3].str()))};
    }
    return rows;
}

}  // namespace

TEST_CASE("docs/index-format.md lists every section of the format table, as the table says",
          "[index][format]") {
    const std::map<std::uint32_t, DocRow> rows = documented_sections();
    CHECK(rows.size() == index::kSectionSpecs.size());
    for (const index::SectionSpec& spec : index::kSectionSpecs) {
        INFO(spec.name);
        const auto row = rows.find(spec.id);
        REQUIRE(row != rows.end());
        CHECK(row->second.name == spec.name);
        CHECK(row->second.record_size == spec.record_size);
    }
}

TEST_CASE("the format table gives each id one record size", "[index][format]") {
    for (const index::SectionSpec& spec : index::kSectionSpecs) {
        INFO(spec.name);
        CHECK(index::section_spec(spec.id) == &spec);
        CHECK(spec.record_size > 0);
    }
    CHECK(index::section_spec(0x14) == nullptr);
    CHECK(index::section_spec(0x7F4) == nullptr);
}

TEST_CASE("the header and a section entry read back as written", "[index][format]") {
    index::Header header;
    header.section_count = 13;
    header.file_size = 0x123456789ULL;
    header.crc = 0xDEADBEEF;
    std::array<std::byte, index::Header::kSize> bytes{};
    index::encode(header, bytes.data());
    const std::optional<index::Header> back = index::decode_header(bytes.data());
    REQUIRE(back);
    CHECK(back->version == index::kFormatVersion);
    CHECK(back->section_count == 13);
    CHECK(back->file_size == 0x123456789ULL);
    CHECK(back->crc == 0xDEADBEEF);
    bytes[0] = std::byte{'X'};
    CHECK_FALSE(index::decode_header(bytes.data()));

    const index::SectionEntry entry{0x21, 10, 4096, 77, 0xABCD};
    std::array<std::byte, index::SectionEntry::kSize> e{};
    index::encode(entry, e.data());
    const index::SectionEntry read = index::decode_section_entry(e.data());
    CHECK(read.id == 0x21);
    CHECK(read.record_size == 10);
    CHECK(read.offset == 4096);
    CHECK(read.count == 77);
    CHECK(read.crc == 0xABCD);
}
