#include <catch2/catch.hpp>

#include "emit/split.hpp"
#include "tests/emit/golden.hpp"
#include "tests/emit/sample_dictionaries.hpp"
#include "tests/support/split_in_memory.hpp"

using namespace josekic;
using namespace josekic::emit;
using josekic::test_support::split_by_first_move;
using josekic::test_support::SplitDictionary;
using josekic::test_support::SplitFile;

namespace {
go::Move black(const char* sgf) {
    return go::Move::at(go::Color::Black, *go::point_from_sgf(sgf));
}
}  // namespace

TEST_CASE("first moves are named by their lines from the upper-right corner's edges", "[emit]") {
    CHECK(first_move_name(black("pd")) == "4-4");
    CHECK(first_move_name(black("qd")) == "3-4");
    CHECK(first_move_name(black("pc")) == "3-4");
    // One past the middle of the top edge, where the upper-right tracker's zone reaches:
    // 11-3 from the upper-right corner, where the dictionary puts it.
    CHECK(first_move_name(black("ic")) == "11-3");
    CHECK(first_move_name(black("jd")) == "10-4");
    CHECK(first_move_name(black("qc")) == "3-3");
    CHECK(first_move_name(black("oc")) == "5-3");
    CHECK(first_move_name(black("od")) == "5-4");
    CHECK(first_move_name(black("nc")) == "6-3");
    CHECK(first_move_name(black("jj")) == "10-10");
    CHECK(first_move_name(go::Move::pass(go::Color::Black)) == "tenuki");
    CHECK(first_move_nickname(black("od")) == "takamoku");
    CHECK(first_move_nickname(black("qd")) == "komoku");
    CHECK(first_move_nickname(black("mc")).empty());
}

TEST_CASE("a split dictionary has one file per first move and an index", "[emit]") {
    const auto trie = testing::small_joseki();
    WriteOptions options;
    options.name = "small";
    options.application = "josekic:test";
    options = testing::stating(options, {});
    SplitDictionary split = split_by_first_move(trie, options);
    REQUIRE(split.files.size() == 3);
    CHECK(split.files[0].file_name == "joseki-4-4.sgf");
    CHECK(split.files[1].file_name == "joseki-3-4.sgf");
    CHECK(split.files[2].file_name == "joseki-3-3.sgf");
    CHECK(split.files[0].count == 6);
    CHECK(split.index_file_name == "joseki-index.txt");
    testing::check_golden("small-joseki-index.txt", split.index_text);
    testing::check_golden("small-joseki-3-4.sgf", split.files[1].dictionary.text);

    options.kind = DictionaryKind::Fuseki;
    prune::Thresholds min_count_2;
    min_count_2.min_count = 2;
    split = split_by_first_move(testing::thresholded(trie, min_count_2), options);
    REQUIRE(split.files.size() == 2);
    CHECK(split.files[1].file_name == "fuseki-3-4.sgf");
    CHECK(split.index_file_name == "fuseki-index.txt");
}
