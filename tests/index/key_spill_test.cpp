#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "index/key_spill.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::index::KeySpill;
using josekic::test_support::TempDir;

TEST_CASE("a key spill gives back each tree's keys in order and leaves no file",
          "[index][key_spill]") {
    TempDir dir;
    // More keys than one buffer holds, so that they cross pieces written and read apart.
    std::mt19937_64 random(11);
    const std::vector<std::size_t> sizes{300'001, 70'000};
    std::vector<std::vector<std::uint64_t>> keys(2);
    KeySpill spill(dir.path());
    for (std::size_t tree = 0; tree < 2; ++tree) {
        for (std::size_t i = 0; i < sizes[tree]; ++i) {
            keys[tree].push_back(random());
            spill.push_back(keys[tree].back());
        }
        spill.end_tree(tree);
        CHECK(spill.size(tree) == sizes[tree]);
    }
    std::vector<std::vector<std::uint64_t>> read(2);
    for (int pass = 0; pass < 2; ++pass) {  // read as often as asked
        read = {{}, {}};
        spill.for_each([&](std::size_t tree, std::size_t i, std::uint64_t key) {
            REQUIRE(i == read[tree].size());
            read[tree].push_back(key);
        });
        CHECK(read == keys);
    }
    CHECK(dir.entries() == 0);
}

TEST_CASE("a key spill takes an empty tree", "[index][key_spill]") {
    TempDir dir;
    KeySpill spill(dir.path());
    spill.end_tree(0);
    spill.push_back(42);
    spill.end_tree(1);
    std::vector<std::size_t> trees;
    spill.for_each([&](std::size_t tree, std::size_t i, std::uint64_t key) {
        CHECK(i == 0);
        CHECK(key == 42);
        trees.push_back(tree);
    });
    CHECK(trees == std::vector<std::size_t>{1});
}

TEST_CASE("a key spill names the directory it cannot use", "[index][key_spill]") {
    TempDir dir;
    const auto missing = dir.path() / "missing";
    CHECK_THROWS_WITH(KeySpill(missing), Catch::Contains(missing.string()));
}
