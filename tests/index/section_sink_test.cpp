#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "emit/atomic_file.hpp"
#include "index/index_format.hpp"
#include "index/section_sink.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using test_support::TempDir;

namespace {

std::span<const std::byte> bytes_of(const std::string& text) {
    return std::as_bytes(std::span(text.data(), text.size()));
}

index::SectionEntry entry(const std::string& file, std::size_t i) {
    return index::decode_section_entry(reinterpret_cast<const std::byte*>(file.data()) +
                                       index::head_size(static_cast<std::uint32_t>(i)));
}

}  // namespace

TEST_CASE("a section made beside the open one lands after it, in the table's order",
          "[index][section_sink]") {
    const TempDir dir;
    const auto path = dir.path() / "index.jki";
    {
        emit::AtomicFile file(path);
        index::SectionSink sink(file, 3);
        sink.begin(7, 4, 2);         // two records of 4 bytes
        sink.begin_beside(8, 2, 3);  // three of 2, made at the same time
        sink.append_beside(bytes_of("bb"));
        sink.append(bytes_of("aaaa"));
        sink.append_beside(bytes_of("BBbb"));
        sink.append(bytes_of("AAAA"));
        sink.begin(9, 1, 1);
        sink.append(bytes_of("c"));
        sink.finish();
        file.commit();
    }
    const std::string file = test_support::slurp(path);
    const std::size_t body = index::head_size(3);
    REQUIRE(file.size() == body + 8 + 6 + 1);
    CHECK(file.substr(body) == "aaaaAAAAbbBBbbc");
    const std::vector<std::uint64_t> offsets{body, body + 8, body + 14};
    const std::vector<std::string> contents{"aaaaAAAA", "bbBBbb", "c"};
    for (std::size_t i = 0; i < 3; ++i) {
        const index::SectionEntry e = entry(file, i);
        CHECK(e.id == 7 + i);
        CHECK(e.offset == offsets[i]);
        CHECK(e.crc == index::crc32(bytes_of(contents[i])));
    }
    CHECK(entry(file, 1).count == 3);
}

TEST_CASE("a section beside that falls short of its records is a logic error",
          "[index][section_sink]") {
    const TempDir dir;
    emit::AtomicFile file(dir.path() / "index.jki");
    index::SectionSink sink(file, 3);
    sink.begin(1, 1, 1);
    sink.begin_beside(2, 1, 2);
    sink.append(bytes_of("a"));
    sink.append_beside(bytes_of("b"));  // one byte of two
    CHECK_THROWS_AS(sink.begin(3, 1, 0), std::logic_error);
}
