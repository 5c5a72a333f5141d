#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compiler/dictionary/block_vector.hpp"

using josekic::dictionary::BlockVector;

TEST_CASE("a block vector keeps its elements in place and in order across blocks", "[dictionary][block_vector]") {
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
    CHECK(seen == std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "seven", "8", "9", "10"});
}

TEST_CASE("a block vector's for_each stops at its size in a full last block", "[dictionary][block_vector]") {
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
