#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/dictionary/string_pool.hpp"

using josekic::dictionary::StringId;
using josekic::dictionary::StringPool;

TEST_CASE("a string pool gives equal texts one handle and one copy", "[dictionary][string_pool]") {
    StringPool pool;
    const StringId ke = pool.intern("Ke Jie");
    const StringId empty = pool.intern("");
    const StringId shin = pool.intern("Shin Jinseo");
    const std::string again = "Ke Jie";  // equal text, other storage
    CHECK(pool.intern(again) == ke);
    CHECK(pool.intern("") == empty);
    CHECK(ke != shin);
    CHECK(ke != empty);
    REQUIRE(pool.size() == 3);
    // Handles count up from 0 in the order the texts first came.
    CHECK(ke == 0);
    CHECK(empty == 1);
    CHECK(shin == 2);
    CHECK(pool[ke] == "Ke Jie");
    CHECK(pool[empty].empty());
    CHECK(pool[shin] == "Shin Jinseo");
    CHECK(pool[pool.intern(again)].data() == pool[ke].data());
}

TEST_CASE("a string pool keeps every text as it grows", "[dictionary][string_pool]") {
    // Enough texts to grow the arena and the table of handles many times; texts that are
    // prefixes of each other, and bytes a C string would end at.
    StringPool pool;
    std::vector<std::string> texts;
    for (int i = 0; i < 20000; ++i) texts.push_back("g" + std::to_string(i % 5000) + ".sgf");
    texts.push_back(std::string("with\0nul", 8));
    texts.push_back(std::string("with"));
    texts.push_back(std::string(100000, 'x'));
    std::vector<StringId> ids;
    for (const std::string& t : texts) ids.push_back(pool.intern(t));
    CHECK(pool.size() == 5000 + 3);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CHECK(pool[ids[i]] == texts[i]);
        CHECK(pool.intern(texts[i]) == ids[i]);
    }
    CHECK(ids[20000] != ids[20001]);
    CHECK(pool[ids[20000]].size() == 8);
}

TEST_CASE("a string pool finds its texts again after its lookup was released",
          "[dictionary][string_pool]") {
    StringPool pool;
    std::vector<std::string> texts;
    for (int i = 0; i < 100; ++i) texts.push_back("player " + std::to_string(i));
    for (const std::string& t : texts) pool.intern(t);
    pool.release_lookup();
    CHECK(pool[42] == "player 42");  // reading needs no lookup
    for (std::size_t i = 0; i < texts.size(); ++i)
        CHECK(pool.intern(texts[i]) == static_cast<StringId>(i));
    CHECK(pool.intern("new") == 100);
    CHECK(pool.intern("player 7") == 7);
    CHECK(pool.size() == 101);
}
