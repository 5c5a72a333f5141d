#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/dictionary/block_vector.hpp"

using josekic::dictionary::BlockVector;

TEST_CASE("a block vector keeps its elements in place and in order across blocks",
          "[dictionary][block_vector]") {
    // Blocks of 4, so that 11 elements fill two blocks and start a third.
    BlockVector<std::string, 2> v;
    CHECK(v.empty());
    std::vector<const std::string*> addresses;
    for (int i = 0; i < 11; ++i) {
        v.push_back(std::to_string(i));
        addresses.push_back(&v[static_cast<std::size_t>(i)]);
    }
    REQUIRE(v.size() == 11);
    for (std::size_t i = 0; i < v.size(); ++i) {
        CHECK(v[i] == std::to_string(i));
        // Growing never moved an element: the address taken when it was added still holds it.
        CHECK(addresses[i] == &v[i]);
    }
    v[7] = "seven";
    CHECK(v[7] == "seven");

    std::vector<std::string> seen;
    v.for_each([&](const std::string& s) { seen.push_back(s); });
    CHECK(seen ==
          std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "seven", "8", "9", "10"});
}

TEST_CASE("a block vector's for_each stops at its size in a full last block",
          "[dictionary][block_vector]") {
    BlockVector<int, 2> v;
    for (int i = 0; i < 8; ++i) v.push_back(int{i});
    int count = 0;
    int sum = 0;
    v.for_each([&](int x) {
        ++count;
        sum += x;
    });
    CHECK(count == 8);
    CHECK(sum == 28);
    v.push_back(100);
    CHECK(v.size() == 9);
    CHECK(v[8] == 100);
}

namespace {
// Counts the instances alive, to see that every element built is destroyed once.
struct Counted {
    static inline int alive = 0;
    int value = 0;
    explicit Counted(int v) : value(v) { ++alive; }
    Counted(Counted&& other) noexcept : value(other.value) { ++alive; }
    Counted(const Counted&) = delete;
    ~Counted() { --alive; }
};
}  // namespace

TEST_CASE("a block vector builds each element once and destroys it once, also when moved",
          "[dictionary][block_vector]") {
    {
        BlockVector<Counted, 2> v;
        for (int i = 0; i < 10; ++i) v.push_back(Counted{i});
        CHECK(Counted::alive == 10);  // the temporaries are gone; a block holds no spare elements
        BlockVector<Counted, 2> moved(std::move(v));
        CHECK(Counted::alive == 10);
        CHECK(moved.size() == 10);
        CHECK(moved[9].value == 9);
        CHECK(v.empty());  // NOLINT(bugprone-use-after-move): a moved-from vector is empty

        BlockVector<Counted, 2> other;
        other.push_back(Counted{42});
        CHECK(Counted::alive == 11);
        other = std::move(moved);
        CHECK(Counted::alive == 10);
        CHECK(other[3].value == 3);
    }
    CHECK(Counted::alive == 0);
}
