#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <string>

#include "cli/command_table.hpp"
#include "cli/edit_distance.hpp"
#include "tests/cli/run_binary.hpp"

using josekic::testing::run_josekic;

TEST_CASE("edit distance counts insertions, deletions and substitutions", "[cli]") {
    using josekic::cli::edit_distance;
    CHECK(edit_distance("check", "check") == 0);
    CHECK(edit_distance("chek", "check") == 1);
    CHECK(edit_distance("chekc", "check") == 2);
    CHECK(edit_distance("", "check") == 5);
    CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("a mistyped command gets a suggestion, a foreign word does not", "[cli]") {
    using josekic::cli::suggest_command;
    CHECK(suggest_command("chek") == std::optional<std::string_view>("check"));
    CHECK(suggest_command("chekc") == std::optional<std::string_view>("check"));
    CHECK_FALSE(suggest_command("frobnicate"));
    REQUIRE(josekic::cli::find_command("check") != nullptr);
    CHECK(josekic::cli::find_command("nope") == nullptr);
}

TEST_CASE("the --version option prints the version and exits 0", "[cli]") {
    const auto run = run_josekic("--version");
    CHECK(run.exit_code == 0);
    CHECK(run.out == "josekic 0.2.0\n");
}

TEST_CASE("the --help option and help list the commands and exit 0", "[cli]") {
    for (const char* args : {"--help", "help"}) {
        INFO(args);
        const auto run = run_josekic(args);
        CHECK(run.exit_code == 0);
        CHECK_THAT(run.out, Catch::Contains("usage: josekic <command> [options]"));
        CHECK_THAT(run.out, Catch::Contains("  check "));
    }
}

TEST_CASE("help check and check --help show the command's options and exit 0", "[cli]") {
    const auto one = run_josekic("help check");
    const auto two = run_josekic("check --help");
    CHECK(one.exit_code == 0);
    CHECK(two.exit_code == 0);
    CHECK(one.out == two.out);
    CHECK_THAT(one.out, Catch::Contains("--keep-duplicates"));
    CHECK_THAT(one.out, Catch::Contains("Exit status: 0 when the run completed"));
}

TEST_CASE("help shows positional arguments in the usage line only, and helps with help", "[cli]") {
    const auto lookup = run_josekic("help lookup");
    CHECK(lookup.exit_code == 0);
    CHECK_THAT(lookup.out, !Catch::Contains("--dictionary"));
    CHECK_THAT(lookup.out, !Catch::Contains("default zones"));
    CHECK_THAT(lookup.out, Catch::Contains("--game FILE.sgf"));
    const auto review = run_josekic("help review");
    CHECK(review.exit_code == 0);
    CHECK_THAT(review.out, !Catch::Contains("--game"));
    CHECK_THAT(review.out, !Catch::Contains("default\nzones"));
    CHECK_THAT(run_josekic("help prune").out, !Catch::Contains("--input"));
    CHECK_THAT(run_josekic("help zones").out,
               Catch::Contains("usage: josekic zones [--zones FILE] [--map]"));
    const auto help = run_josekic("help help");
    CHECK(help.exit_code == 0);
    CHECK_THAT(help.out, Catch::StartsWith("usage: josekic help [COMMAND]"));
}

TEST_CASE("usage errors exit 2 with a message and a hint on stderr", "[cli]") {
    struct Case {
        const char* args;
        const char* message;
    };
    for (const Case& c :
         {Case{"", "usage: josekic"}, Case{"chek samples", "did you mean 'check'?"},
          Case{"help chek", "did you mean 'check'?"},
          Case{"frobnicate", "unknown command 'frobnicate'"},
          Case{"check --bogus x.sgf", "unrecognised option '--bogus'"},
          Case{"check", "no INPUT given"}, Case{"check --threads -1 x.sgf", "--threads"},
          Case{"check --threads many x.sgf", "threads"},
          Case{"check --charset NO-SUCH-CHARSET x.sgf", "unknown --charset"},
          Case{"compile x.sgf -o out --cutoff rings", "--cutoff takes one of ring, locality"},
          Case{"compile x.sgf -o out --cutoff locality:5,3", "not 'locality:5,3'"},
          Case{"--bogus", "unknown option '--bogus'"}}) {
        INFO(c.args);
        const auto run = run_josekic(c.args);
        CHECK(run.exit_code == 2);
        CHECK(run.out.empty());
        CHECK_THAT(run.err, Catch::Contains(c.message));
    }
}

TEST_CASE("a missing input exits 1", "[cli]") {
    const auto run = run_josekic("check --quiet /nonexistent/josekic-input.sgf");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.err,
               Catch::Contains("/nonexistent/josekic-input.sgf: error: no such file or directory"));
    CHECK_THAT(run.out, Catch::Contains("files skipped                   1"));
}

TEST_CASE("the man page josekic.1 is what cli/man_page.sh makes of the help", "[cli][e2e]") {
    // Regenerate it after changing a command or an option: cli/man_page.sh build/josekic >
    // josekic.1
    const auto made = josekic::testing::run_program(JOSEKIC_SOURCE_DIR "/cli/man_page.sh",
                                                    josekic::testing::shell_quote(JOSEKIC_BINARY));
    REQUIRE(made.exit_code == 0);
    CHECK(made.out == josekic::test_support::slurp(JOSEKIC_SOURCE_DIR "/josekic.1"));
    // Every command of the table has its section.
    for (const josekic::cli::Command& command : josekic::cli::commands()) {
        std::string section(command.name);
        for (char& c : section) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CHECK_THAT(made.out, Catch::Contains("\n.SH " + section + "\n"));
    }
    // Every topic document of docs/ is named under SEE ALSO.
    const std::size_t see_also = made.out.find("\n.SH SEE ALSO\n");
    REQUIRE(see_also != std::string::npos);
    for (const auto& entry : std::filesystem::directory_iterator(JOSEKIC_SOURCE_DIR "/docs")) {
        if (entry.path().extension() != ".md") continue;
        INFO(entry.path().filename().string());
        CHECK(made.out.find(entry.path().filename().string(), see_also) != std::string::npos);
    }
}

TEST_CASE("zones shows a built-in shape by the name compile's --zones takes", "[cli]") {
    const auto shape = run_josekic("zones --zones 7x7 --map");
    CHECK(shape.exit_code == 0);
    CHECK(shape.out != run_josekic("zones --map").out);
    const auto missing = run_josekic("zones --zones no-such-map.txt");
    CHECK(missing.exit_code == 1);
    CHECK_THAT(missing.err,
               Catch::Contains("cannot read zone file no-such-map.txt: No such file") &&
                   Catch::Contains("sawtooth, 7x7, 8x8, 10x10"));
}
