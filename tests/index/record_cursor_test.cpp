#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

#include "index/index_format.hpp"
#include "index/record_cursor.hpp"

using namespace josekic;

namespace {

struct Number {
    static constexpr std::size_t kSize = 4;
    std::uint32_t value = 0;
};

Number decode_number(const std::byte* in) {
    return Number{index::load_le<std::uint32_t>(in)};
}

using NumberCursor = index::RecordCursor<Number, decode_number>;

// The bytes of the records 0, 1, 2, ... `count` - 1, and a read of them that counts its calls.
struct Section {
    explicit Section(std::uint32_t count) : bytes(count * Number::kSize) {
        for (std::uint32_t i = 0; i < count; ++i)
            index::store_le(i, bytes.data() + i * Number::kSize);
    }
    NumberCursor::Read read() {
        return [this](std::uint64_t offset, std::span<std::byte> out) {
            ++reads;
            REQUIRE(offset + out.size() <= bytes.size());
            std::memcpy(out.data(), bytes.data() + offset, out.size());
        };
    }
    std::vector<std::byte> bytes;
    int reads = 0;
};

}  // namespace

TEST_CASE("a record cursor gives a range of records in order, a block per read",
          "[index][record_cursor]") {
    Section section(10);
    NumberCursor cursor(section.read(), 2, 9, 3);  // records 2-8: blocks of 3, 3 and 1
    CHECK(cursor.end() == 9);
    std::vector<std::uint64_t> positions;
    std::vector<std::uint32_t> values;
    while (!cursor.done()) {
        positions.push_back(cursor.position());
        values.push_back(cursor.next().value);
    }
    CHECK(positions == std::vector<std::uint64_t>{2, 3, 4, 5, 6, 7, 8});
    CHECK(values == std::vector<std::uint32_t>{2, 3, 4, 5, 6, 7, 8});
    CHECK(section.reads == 3);
    CHECK_THROWS_AS(cursor.next(), std::logic_error);
}

TEST_CASE("a record cursor over no records is done at once and reads nothing",
          "[index][record_cursor]") {
    Section section(4);
    NumberCursor cursor(section.read(), 4, 4, 16);
    CHECK(cursor.done());
    CHECK(section.reads == 0);
}

TEST_CASE("a record cursor passes on the failure of its read", "[index][record_cursor]") {
    NumberCursor cursor(
        [](std::uint64_t, std::span<std::byte>) { throw std::runtime_error("gone"); }, 0, 5, 2);
    CHECK_THROWS_WITH(cursor.next(), "gone");
}
