// The output options an index keeps for `compile --update` (cli/recorded_output_options.hpp):
// written as arguments, read back the same, and the update's command line wins where it gives one.

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/recorded_output_options.hpp"

using namespace josekic;

namespace {

// Every output option away from its default (--timings aside: it writes nothing).
cli::OutputOptions every_option_set() {
    cli::OutputOptions o;
    o.references = {"/books/gnugo.sgf", "pachi=/books/pachi/"};
    o.prune_files = {"/lists/bad.txt"};
    o.max_games_listed = 9;
    o.split = true;
    o.eras = "2010,2017";
    o.eras_given = true;
    o.thresholds.min_count = 3;
    o.thresholds.min_share = "5%";
    o.thresholds.max_depth = 20;
    o.thresholds.max_children = 4;
    o.thresholds.min_players = 2;
    o.thresholds.max_nodes = 1000;
    o.thresholds.max_bytes = "2M";
    o.thresholds.full = true;
    return o;
}

void check_same(const cli::OutputOptions& a, const cli::OutputOptions& b) {
    CHECK(a.prune_files == b.prune_files);
    CHECK(a.max_games_listed == b.max_games_listed);
    CHECK(a.split == b.split);
    CHECK(a.eras == b.eras);
    CHECK(a.eras_given == b.eras_given);
    CHECK(a.thresholds.min_count == b.thresholds.min_count);
    CHECK(a.thresholds.min_share == b.thresholds.min_share);
    CHECK(a.thresholds.max_depth == b.thresholds.max_depth);
    CHECK(a.thresholds.max_children == b.thresholds.max_children);
    CHECK(a.thresholds.min_players == b.thresholds.min_players);
    CHECK(a.thresholds.max_nodes == b.thresholds.max_nodes);
    CHECK(a.thresholds.max_bytes == b.thresholds.max_bytes);
    CHECK(a.thresholds.full == b.thresholds.full);
}

}  // namespace

TEST_CASE("the defaults keep no argument, so an index of them says so", "[cli][update]") {
    CHECK(cli::output_arguments(cli::OutputOptions{}).empty());
}

TEST_CASE("the output options read back from their arguments as they were", "[cli][update]") {
    const cli::OutputOptions set = every_option_set();
    const std::vector<std::string> arguments = cli::output_arguments(set);
    const cli::OutputOptions back =
        cli::with_recorded_output_options(cli::OutputOptions{}, {}, arguments, "d");
    check_same(back, set);
    // A book is named, so that its name does not hang on how its path is spelt.
    CHECK(back.references ==
          std::vector<std::string>{"gnugo=/books/gnugo.sgf", "pachi=/books/pachi/"});
    // Written again, the same arguments: an update of an update keeps them.
    CHECK(cli::output_arguments(back) == arguments);
}

TEST_CASE("a relative book or prune list is kept by its absolute path", "[cli][update]") {
    cli::OutputOptions o;
    o.references = {"mine=books/../book.sgf"};
    o.prune_files = {"bad.txt"};
    const std::string here = std::filesystem::current_path().string();
    CHECK(cli::output_arguments(o) == std::vector<std::string>{"--reference",
                                                               "mine=" + here + "/book.sgf",
                                                               "--prune", here + "/bad.txt"});
}

TEST_CASE("an option the update's command line gives is its own, the others the dictionary's",
          "[cli][update]") {
    const std::vector<std::string> recorded = cli::output_arguments(every_option_set());
    cli::OutputOptions given_here;
    given_here.thresholds.min_count = 1;
    given_here.references = {"other=/books/other.sgf"};
    const std::set<std::string> given = {"min-count", "reference"};
    const cli::OutputOptions merged =
        cli::with_recorded_output_options(given_here, given, recorded, "d");
    CHECK(merged.thresholds.min_count == 1);
    CHECK(merged.references == std::vector<std::string>{"other=/books/other.sgf"});
    CHECK(merged.split);
    CHECK(merged.thresholds.max_nodes == 1000);
    CHECK(merged.eras == "2010,2017");
    // --min-count 0 given is given: not the dictionary's 3.
    cli::OutputOptions zero;
    CHECK(cli::with_recorded_output_options(zero, {"min-count"}, recorded, "d")
              .thresholds.min_count == 0);
}

TEST_CASE("one part of the budget given replaces the dictionary's budget whole", "[cli][update]") {
    cli::OutputOptions nodes;
    nodes.thresholds.max_nodes = 40;
    nodes.thresholds.max_bytes = "30k";
    const std::vector<std::string> recorded = cli::output_arguments(nodes);
    cli::OutputOptions full;
    full.thresholds.full = true;
    const cli::OutputOptions merged =
        cli::with_recorded_output_options(full, {"full"}, recorded, "d");
    CHECK(merged.thresholds.full);
    CHECK(merged.thresholds.max_nodes == 0);
    CHECK(merged.thresholds.max_bytes.empty());
    cli::OutputOptions bytes;
    bytes.thresholds.max_bytes = "1M";
    const cli::OutputOptions resized =
        cli::with_recorded_output_options(bytes, {"max-bytes"}, recorded, "d");
    CHECK(resized.thresholds.max_bytes == "1M");
    CHECK(resized.thresholds.max_nodes == 0);
}

TEST_CASE("arguments this josekic cannot read are refused naming the dictionary", "[cli][update]") {
    const std::vector<std::string> recorded = {"--split", "--colour-blind"};
    CHECK_THROWS_WITH(cli::with_recorded_output_options(cli::OutputOptions{}, {}, recorded, "fox"),
                      Catch::Contains("fox was written with options this josekic cannot read"));
}
