#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/cli/run_binary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::test_support::slurp;
using josekic::test_support::TempDir;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;

namespace {

std::string sample(const std::string& name) {
    return shell_quote(std::string(JOSEKIC_SOURCE_DIR) + "/samples/" + name);
}

// Twelve copies of one game in one file: eleven duplicate warnings.
std::string many_duplicates(const TempDir& dir) {
    std::string games;
    for (int i = 0; i < 12; ++i) games += "(;GM[1]SZ[19];B[pd];W[dp];B[pp])\n";
    return shell_quote(dir.write("copies.sgf", games));
}

}  // namespace

TEST_CASE("under --strict a skipped game means exit 1, and a clean input exit 0", "[e2e][cli]") {
    for (const std::string command : {"check", "compile"}) {
        const TempDir dir;
        const std::string out = command == "compile" ? " -o " + shell_quote(dir.str()) : "";
        INFO(command);
        // "Two Games.SGF" holds a 9x9 game, which is skipped.
        const auto skipped =
            run_josekic(command + " " + sample("Two Games.SGF") + out + " --strict");
        CHECK(skipped.exit_code == 1);
        CHECK(skipped.err.find("josekic: --strict: not everything was read: 0 files skipped, 0 "
                               "errors, 1 game skipped") != std::string::npos);
        // check prints its report; a compile that fails writes none, so it points elsewhere.
        const std::string named_in =
            command == "check" ? "(see the report)" : "(the diagnostics above say which)";
        CHECK(skipped.err.find("1 game skipped " + named_in + "\n") != std::string::npos);
        CHECK(run_josekic(command + " " + sample("Two Games.SGF") + out).exit_code == 0);
        CHECK(run_josekic(command + " " + sample("chinese-opening.sgf") + out + " --strict")
                  .exit_code == 0);
    }
}

TEST_CASE("a compile that fails under --strict says where the skipped games are named",
          "[e2e][cli]") {
    const TempDir dir;
    const std::string compile = "compile " + sample("Two Games.SGF") + " -o " +
                                shell_quote(dir.str() + "/out") + " --strict";
    const std::string diagnostics = dir.str() + "/diagnostics.txt";
    const auto kept = run_josekic(compile + " --diagnostics " + shell_quote(diagnostics));
    CHECK(kept.exit_code == 1);
    CHECK(kept.err.find("1 game skipped (every diagnostic is in " + diagnostics + ")\n") !=
          std::string::npos);
    CHECK(slurp(diagnostics).find("[not-19x19]") != std::string::npos);
    const auto quiet = run_josekic(compile + " --quiet");
    CHECK(quiet.exit_code == 1);
    // The 9x9 game's skip is a warning, and there is no error: none is said to be above.
    CHECK(quiet.err.find("0 errors, 1 game skipped (--quiet left out the warnings that name "
                         "them: run without it, or with --diagnostics FILE, to see every "
                         "one)\n") != std::string::npos);
    CHECK(quiet.err.find("[not-19x19]") == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out" / "report.txt"));
    // A directory the compile would have made kept nothing: said so, not "keeps what it held".
    CHECK(quiet.err.find("josekic: nothing was written\n") != std::string::npos);
    CHECK(quiet.err.find("keeps what it held") == std::string::npos);
    // Nor one it made for its diagnostics file.
    const std::string in_out = dir.str() + "/out/diagnostics.txt";
    const auto made = run_josekic(compile + " --quiet --diagnostics " + shell_quote(in_out));
    CHECK(made.exit_code == 1);
    // The diagnostics were written: "nothing" says so.
    CHECK(made.err.find("josekic: nothing was written but " + in_out + " (the diagnostics)\n") !=
          std::string::npos);
    CHECK(slurp(in_out).find("[not-19x19]") != std::string::npos);
    // The directory made for it holds it alone: no empty hidden directory of the set.
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out" / ".josekic"));
    CHECK(made.err.find("keeps what it held") == std::string::npos);
}

TEST_CASE("dropped duplicates do not count as skipped under --strict", "[e2e][cli]") {
    const TempDir dir;
    CHECK(run_josekic("check " + many_duplicates(dir) + " --strict --quiet").exit_code == 0);
}

TEST_CASE("warnings of one code are cut short unless --verbose, --diagnostics keeps them all",
          "[e2e][cli]") {
    const TempDir dir;
    const std::string input = many_duplicates(dir);
    const auto normal = run_josekic("check " + input);
    CHECK(normal.exit_code == 0);
    CHECK(
        normal.err.find("[duplicate]\n... and 6 more [duplicate]; all of them with --verbose\n") !=
        std::string::npos);

    const auto verbose = run_josekic("check " + input + " --verbose");
    CHECK(verbose.err.find("game 12 skipped: the same game") != std::string::npos);
    CHECK(verbose.err.find("more [duplicate]") == std::string::npos);

    const std::string file = (dir.path() / "diagnostics.txt").string();
    const auto logged = run_josekic("check " + input + " --diagnostics " + shell_quote(file));
    CHECK(logged.err.find("... and 6 more [duplicate]; all of them in " + file) !=
          std::string::npos);
    CHECK(slurp(file) == verbose.err);
}

TEST_CASE("asking for quiet and verbose at once is a usage error", "[e2e][cli]") {
    const auto run = run_josekic("check " + sample("chinese-opening.sgf") + " --quiet --verbose");
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("--quiet and --verbose") != std::string::npos);
}

TEST_CASE("a diagnostics file that cannot be written is an error", "[e2e][cli]") {
    const TempDir dir;
    const auto run = run_josekic("check " + sample("chinese-opening.sgf") + " --diagnostics " +
                                 shell_quote((dir.path() / "no" / "d.txt").string()));
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("josekic: error:") != std::string::npos);
}

TEST_CASE("a diagnostics file that would replace an input game record is refused", "[e2e][cli]") {
    const TempDir dir;
    const std::string game = "(;GM[1]SZ[19];B[pd];W[dp];B[pp])\n";
    const std::string in_directory = dir.write("games/a.sgf", game);
    dir.write("games/b.sgf", game);
    const std::string games = shell_quote((dir.path() / "games").string());
    for (const std::string command : {"check", "compile"}) {
        INFO(command);
        const std::string output =
            command == "compile" ? " -o " + shell_quote((dir.path() / "out").string()) : "";
        // In a directory given as INPUT, and named as INPUT itself.
        for (const std::string& inputs : {games, shell_quote(in_directory)}) {
            const auto run = run_josekic(command + " " + inputs + output + " --diagnostics " +
                                         shell_quote(in_directory));
            CHECK(run.exit_code == 2);
            CHECK(run.err.find("would replace a game record read from") != std::string::npos);
            CHECK(slurp(in_directory) == game);
        }
        // A file of another kind beside the games is the user's to choose.
        const auto log = run_josekic(command + " " + games + output + " --diagnostics " +
                                     shell_quote((dir.path() / "games" / "log.txt").string()));
        CHECK(log.exit_code == 0);
    }
}

TEST_CASE("a --reference that is not NAME=FILE is a usage error, one that is not SGF, an error",
          "[e2e][cli]") {
    const TempDir dir;
    const std::string game = sample("chinese-opening.sgf");
    const std::string out = shell_quote((dir.path() / "out").string());
    for (const std::string& command :
         {"compile " + game + " -o " + out,
          "prune " + shell_quote(dir.str() + "/x.sgf") + " --dry-run"}) {
        INFO(command);
        const auto bad = run_josekic(command + " --reference k=");
        CHECK(bad.exit_code == 2);
        CHECK(bad.err.find("--reference takes NAME=FILE or FILE, not 'k='") != std::string::npos);
    }
    const std::string notes = shell_quote(dir.write("notes.sgf", "hello\n"));
    const auto not_sgf = run_josekic("compile " + game + " -o " + out + " --reference " + notes);
    CHECK(not_sgf.exit_code == 1);
    CHECK(not_sgf.err.find("it holds no SGF game tree") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out" / "joseki.sgf"));
}

TEST_CASE("an empty --eras is a usage error, not the default eras", "[e2e][cli]") {
    const TempDir dir;
    const auto empty = run_josekic("compile " + sample("chinese-opening.sgf") + " -o " +
                                   shell_quote(dir.str()) + " --eras ''");
    CHECK(empty.exit_code == 2);
    CHECK(empty.err.find("--eras takes increasing years") != std::string::npos);
}

TEST_CASE("an output file that is an input or a dictionary's file is refused, DIR intact",
          "[e2e][cli]") {
    const TempDir dir;
    const std::string game = "(;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])\n";
    const std::string game_file = dir.write("game.sgf", game);
    const std::string d = shell_quote((dir.path() / "d").string());
    REQUIRE(run_josekic("compile " + shell_quote(game_file) + " " + sample("") + " -q -o " + d)
                .exit_code == 0);
    const std::string joseki = slurp(dir.path() / "d" / "joseki.sgf");
    const std::string index = slurp(dir.path() / "d" / "index.jki");
    const auto refused = [](const josekic::testing::BinaryRun& run, const std::string& says) {
        INFO(run.err);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find(says) != std::string::npos);
    };
    refused(
        run_josekic("review " + d + " " + shell_quote(game_file) + " -o " + shell_quote(game_file)),
        "would replace the game read from");
    refused(run_josekic("prune " + d + "/joseki.sgf --min-count 2 -o " + d + "/joseki.sgf"),
            "would replace the dictionary read from");
    for (const std::string name : {"index.jki", "report.txt", ".josekic/current/new.sgf"}) {
        refused(run_josekic("prune " + d + "/joseki.sgf --min-count 2 -o " + d + "/" + name),
                "is a file of the dictionary in");
    }
    refused(run_josekic("compile " + shell_quote(game_file) + " -o " + d + " --diagnostics " + d +
                        "/joseki.sgf"),
            "is a file of the dictionary in");
    // The same through symbolic links: the file a write would replace is what counts.
    std::filesystem::create_symlink(dir.path() / "d" / "index.jki", dir.path() / "to-index");
    std::filesystem::create_symlink("to-index", dir.path() / "to-to-index");
    std::filesystem::create_symlink(game_file, dir.path() / "to-game");
    for (const std::string link : {"to-index", "to-to-index"}) {
        refused(run_josekic("prune " + d + "/joseki.sgf --min-count 2 -o " +
                            shell_quote((dir.path() / link).string())),
                "is a file of the dictionary in");
    }
    refused(run_josekic("check " + shell_quote(game_file) + " --diagnostics " +
                        shell_quote((dir.path() / "to-game").string())),
            "would replace a game record read from");
    CHECK(slurp(game_file) == game);
    CHECK(slurp(dir.path() / "d" / "joseki.sgf") == joseki);
    CHECK(slurp(dir.path() / "d" / "index.jki") == index);
    CHECK(run_josekic("lookup " + d + " --moves pd").exit_code == 0);
    // A first compile: the diagnostics cannot take a name the new set will take either.
    const std::string fresh = shell_quote((dir.path() / "fresh").string());
    refused(run_josekic("compile " + shell_quote(game_file) + " -o " + fresh + " --diagnostics " +
                        fresh + "/report.txt"),
            "is the name of a file of the dictionary in");
    const std::string fresh_slash = shell_quote((dir.path() / "fresh").string() + "/");
    refused(run_josekic("compile " + shell_quote(game_file) + " -o " + fresh_slash +
                        " --diagnostics " + fresh + "//index.jki"),
            "is the name of a file of the dictionary in");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "fresh"));
    // A file of the user's beside the set is the user's to choose.
    CHECK(run_josekic("prune " + d + "/joseki.sgf --min-count 2 -o " + d + "/joseki-pruned.sgf")
              .exit_code == 0);
}
