#include <catch2/catch.hpp>

#include <algorithm>
#include <compare>
#include <string>
#include <vector>

#include "core/dictionary/game_table.hpp"

using namespace josekic::dictionary;

namespace {

// The fields of a game as values, to compare two games whole.
auto fields(const GameReference& g) {
    return std::tuple(std::string(g.black_player), std::string(g.white_player),
                      std::string(g.black_rank), std::string(g.white_rank), std::string(g.date),
                      g.year, std::string(g.event), std::string(g.result), g.source_path.joined(),
                      g.index_in_file);
}

}  // namespace

TEST_CASE("a game table gives back every field it was given", "[dictionary][game_table]") {
    const std::string long_path =
        "/collections/" + std::string(300, 'd') + "/nested/" + std::string(5000, 'n') + ".sgf";
    GameTable table;
    GameReference full;
    full.black_player = "Iyama ]Yuta[";
    full.white_player = "林海峰";
    full.black_rank = "9p";
    full.white_rank = "P9段";
    full.date = "1998-07-07,08";
    full.year = 1998;
    full.event = "35th Meijin, round 3";
    full.result = "B+2.5";
    full.source_path = SourcePath::split(long_path);
    full.index_in_file = 12;
    const GameReference empty;  // every text empty, no year, no directory
    const GameId a = table.add(full);
    const GameId b = table.add(empty);
    REQUIRE(table.size() == 2);
    CHECK(fields(table[a]) == fields(full));
    CHECK(fields(table[b]) == fields(empty));
    CHECK(table[a].source_path.joined() == long_path);
    CHECK(table[a].source_path.name == std::string(5000, 'n') + ".sgf");
    CHECK_FALSE(table[b].year.has_value());
    CHECK(table[b].index_in_file == 1);
    CHECK_FALSE(table.stored(b).year().has_value());
}

TEST_CASE("a game table tells year 0 and negative years from no year", "[dictionary][game_table]") {
    GameTable table;
    for (const std::optional<int> year : {std::optional<int>(0), std::optional<int>(-1),
                                          std::optional<int>(), std::optional<int>(2100)}) {
        GameReference g;
        g.year = year;
        CHECK(table[table.add(g)].year == year);
    }
}

TEST_CASE("the games of a table share each distinct text", "[dictionary][game_table]") {
    GameTable table;
    const auto add = [&table](std::string_view black, std::string_view white,
                              std::string_view path) {
        GameReference g;
        g.black_player = black;
        g.white_player = white;
        g.black_rank = "9d";
        g.white_rank = "9d";
        g.source_path = SourcePath::split(path);
        return table.add(g);
    };
    const GameId first = add("Ke Jie", "Shin Jinseo", "fox/2019/01/1.sgf");
    const GameId second = add("Shin Jinseo", "Ke Jie", "fox/2019/01/2.sgf");
    const GameId third = add("Ke Jie", "Park", "fox/2020/1.sgf");
    // Names, ranks and directories once each, whatever field they are in.
    CHECK(table[first].black_player.data() == table[second].white_player.data());
    CHECK(table[first].black_player.data() == table[third].black_player.data());
    CHECK(table[first].black_rank.data() == table[second].white_rank.data());
    CHECK(table[first].source_path.dir.data() == table[second].source_path.dir.data());
    CHECK(table.stored(first).source_dir == table.stored(second).source_dir);
    CHECK(table.stored(first).source_dir != table.stored(third).source_dir);
    // The name "1.sgf" of the first game and the third's; "2.sgf"; the empty date, event and
    // result; "9d"; two directories; four players less the shared ones.
    CHECK(table.strings().size() == 2 + 1 + 1 + 2 + 3);
    CHECK(table.stored(first).source_name == table.stored(third).source_name);
}

TEST_CASE("source paths split after the last slash and compare as whole paths",
          "[dictionary][game_table]") {
    CHECK(SourcePath::split("a/b/c.sgf").dir == "a/b/");
    CHECK(SourcePath::split("a/b/c.sgf").name == "c.sgf");
    CHECK(SourcePath::split("c.sgf").dir.empty());
    CHECK(SourcePath::split("dir/").name.empty());
    CHECK(SourcePath::split("").joined().empty());
    // Pairs where comparing (directory, name) would give another order than the paths:
    // "a/" < "a/b/" but "a/c" > "a/b/x".
    const std::vector<std::string> paths{"a/b/x",  "a/c",    "a/b.sgf", "a/b/c.sgf", "a/",
                                         "a",      "",       "b",       "a/b/",      "ab/c",
                                         "a/b/xy", "a/\xff", "/x",      "a//b"};
    for (const std::string& x : paths) {
        for (const std::string& y : paths) {
            INFO(x << " against " << y);
            CHECK((SourcePath::split(x) <=> SourcePath::split(y)) == (x <=> y));
            CHECK((SourcePath::split(x) == SourcePath::split(y)) == (x == y));
        }
    }
}

TEST_CASE("games are listed latest first, then by path and index", "[dictionary][game_table]") {
    GameTable table;
    const auto add = [&table](std::optional<int> year, std::string_view date, std::string_view path,
                              int index) {
        GameReference g;
        g.year = year;
        g.date = date;
        g.source_path = SourcePath::split(path);
        g.index_in_file = index;
        return table.add(g);
    };
    // In the order they must be listed.
    const std::vector<GameId> expected{
        add(2020, "2020-05-01", "z.sgf", 1),   add(2020, "2020-01-01", "a/b/x.sgf", 1),
        add(2020, "2020-01-01", "a/c.sgf", 1), add(2020, "2020-01-01", "a/c.sgf", 2),
        add(1990, "1990", "a.sgf", 1),         add(std::nullopt, "", "a.sgf", 1),
        add(std::nullopt, "", "b.sgf", 1)};
    std::vector<GameId> sorted(expected.rbegin(), expected.rend());
    std::sort(sorted.begin(), sorted.end(),
              [&table](GameId a, GameId b) { return table.listed_before(a, b); });
    CHECK(sorted == expected);
    for (const GameId g : expected) CHECK_FALSE(table.listed_before(g, g));
}
