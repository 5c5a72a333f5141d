#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/cli/run_binary.hpp"

namespace fs = std::filesystem;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;

namespace {

using josekic::test_support::slurp;

fs::path fresh_dir(const std::string& name) {
    return josekic::test_support::fresh_scratch_dir("commands-" + name);
}

std::string samples() {
    return shell_quote(std::string(JOSEKIC_SOURCE_DIR) + "/samples");
}

struct FileState {
    std::string bytes;
    struct timespec mtime;
};
FileState state_of(const fs::path& path) {
    struct stat st {};
    ::stat(path.c_str(), &st);
    return FileState{slurp(path), st.st_mtim};
}

}  // namespace

TEST_CASE("josekic compile writes the three files and prints a summary", "[e2e][compile]") {
    const fs::path out = fresh_dir("compile");
    const auto run =
        run_josekic("compile " + samples() + " -o " + shell_quote(out.string()) + " --quiet");
    REQUIRE(run.exit_code == 0);
    CHECK(fs::exists(out / "joseki.sgf"));
    CHECK(fs::exists(out / "fuseki.sgf"));
    CHECK(slurp(out / "report.txt").find("Joseki") != std::string::npos);
    CHECK(run.out.rfind("read 7 games in 6 files; used 6, skipped 1 (1 not-19x19)\n", 0) == 0);
    CHECK(run.out.find("wrote " + (out / "joseki.sgf").string() + ": ") != std::string::npos);
    CHECK(run.out.ends_with("report: " + (out / "report.txt").string() + "\n"));
    CHECK(slurp(out / "joseki.sgf").rfind("(;GM[1]FF[4]CA[UTF-8]AP[josekic:", 0) == 0);
    for (const auto& entry : fs::directory_iterator(out)) {
        CHECK(entry.path().filename().string().find(".tmp") ==
              std::string::npos);  // no temporary left
    }
}

TEST_CASE("josekic prune: dry run, output, untouched input, same as compile --prune",
          "[e2e][prune]") {
    const fs::path dir = fresh_dir("prune");
    const fs::path list = dir / "list.txt";
    std::ofstream(list)
        << "# the two most common first moves of the samples' corners\npd\njoseki: pc\n";
    REQUIRE(run_josekic("compile " + samples() + " -o " + shell_quote((dir / "full").string()) +
                        " --quiet")
                .exit_code == 0);
    const fs::path dictionary = dir / "full" / "joseki.sgf";
    const FileState before = state_of(dictionary);

    const auto dry = run_josekic("prune " + shell_quote(dictionary.string()) + " --list " +
                                 shell_quote(list.string()) + " --dry-run");
    REQUIRE(dry.exit_code == 0);
    CHECK(dry.out.find("dry run") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "pruned.sgf"));

    const auto pruned = run_josekic("prune " + shell_quote(dictionary.string()) + " --list " +
                                    shell_quote(list.string()) + " -o " +
                                    shell_quote((dir / "pruned.sgf").string()));
    REQUIRE(pruned.exit_code == 0);
    const FileState after = state_of(dictionary);
    CHECK(after.bytes == before.bytes);
    CHECK(after.mtime.tv_sec == before.mtime.tv_sec);
    CHECK(after.mtime.tv_nsec == before.mtime.tv_nsec);

    REQUIRE(run_josekic("compile " + samples() + " -o " +
                        shell_quote((dir / "with-list").string()) + " --quiet --prune " +
                        shell_quote(list.string()))
                .exit_code == 0);
    CHECK(slurp(dir / "pruned.sgf") == slurp(dir / "with-list" / "joseki.sgf"));
    CHECK(slurp(dir / "pruned.sgf").size() < before.bytes.size());

    // Lists and thresholds together: the root comment states the thresholds either way.
    REQUIRE(run_josekic("prune " + shell_quote(dictionary.string()) + " --list " +
                        shell_quote(list.string()) + " --min-count 2 --max-children 3 -o " +
                        shell_quote((dir / "cut.sgf").string()))
                .exit_code == 0);
    REQUIRE(run_josekic("compile " + samples() + " -o " + shell_quote((dir / "cut").string()) +
                        " --quiet --min-count 2 --max-children 3 --prune " +
                        shell_quote(list.string()))
                .exit_code == 0);
    const std::string cut = slurp(dir / "cut.sgf");
    CHECK(cut == slurp(dir / "cut" / "joseki.sgf"));
    CHECK(cut.find("Size limits: min count 2, max depth none, max children 3,") !=
          std::string::npos);
}

TEST_CASE("josekic prune keeps the handicap trees of fuseki-handicap.sgf apart", "[e2e][prune]") {
    const fs::path dir = fresh_dir("prune-handicap");
    fs::create_directories(dir / "games");
    std::ofstream(dir / "games" / "two.sgf")
        << "(;GM[1]FF[4]SZ[19]HA[2]AB[pd][dp]RE[W+R];W[dd];B[pp];W[qf])";
    std::ofstream(dir / "games" / "nine.sgf")
        << "(;GM[1]FF[4]SZ[19]HA[9]AB[dd][jd][pd][dj][jj][pj][dp][jp][pp]RE[B+R];W[qc];B[pc])";
    REQUIRE(run_josekic("compile " + shell_quote((dir / "games").string()) + " -o " +
                        shell_quote((dir / "out").string()) + " --quiet --fuseki-handicap")
                .exit_code == 0);
    const std::string compiled = slurp(dir / "out" / "fuseki-handicap.sgf");
    const auto pruned =
        run_josekic("prune " + shell_quote((dir / "out" / "fuseki-handicap.sgf").string()) +
                    " --max-depth 1 -o " + shell_quote((dir / "pruned.sgf").string()));
    REQUIRE(pruned.exit_code == 0);
    CHECK(pruned.out.find(" in 2 trees\n") != std::string::npos);
    const std::string text = slurp(dir / "pruned.sgf");
    const auto roots = [](const std::string& sgf) {
        std::vector<std::string> found;
        for (std::size_t at = sgf.find("(;GM[1]"); at != std::string::npos;
             at = sgf.find("(;GM[1]", at + 1))
            found.push_back(
                sgf.substr(sgf.find("ST[2]", at), sgf.find("GN[", at) - sgf.find("ST[2]", at)));
        return found;
    };
    CHECK(roots(text) == roots(compiled));
    // One game each: the trees come in Setup order, the 9 stones (jd...) before the 2 (pd...).
    CHECK(roots(text) == std::vector<std::string>{"ST[2]AB[jd][jj][pd][pj][dd][dj][jp][pp][dp]",
                                                  "ST[2]AB[pd][dp]"});
    CHECK(text.size() < compiled.size());
    // Compiling with the same threshold prunes the handicap trees the same way.
    REQUIRE(run_josekic("compile " + shell_quote((dir / "games").string()) + " -o " +
                        shell_quote((dir / "cut").string()) +
                        " --quiet --fuseki-handicap --max-depth 1")
                .exit_code == 0);
    CHECK(slurp(dir / "cut" / "fuseki-handicap.sgf") == text);
}

TEST_CASE("josekic prune refuses a malformed list and writes nothing", "[e2e][prune]") {
    const fs::path dir = fresh_dir("prune-bad");
    REQUIRE(run_josekic("compile " + samples() + " -o " + shell_quote(dir.string()) + " --quiet")
                .exit_code == 0);
    const fs::path list = dir / "bad.txt";
    std::ofstream(list) << "pd\npd zz9\n";
    const auto run =
        run_josekic("prune " + shell_quote((dir / "joseki.sgf").string()) + " --list " +
                    shell_quote(list.string()) + " -o " + shell_quote((dir / "out.sgf").string()));
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("bad.txt:2:") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out.sgf"));

    const auto compile =
        run_josekic("compile " + samples() + " -o " + shell_quote((dir / "c").string()) +
                    " --quiet --prune " + shell_quote(list.string()));
    CHECK(compile.exit_code == 1);
    CHECK_FALSE(fs::exists(dir / "c" / "joseki.sgf"));
    // Both commands report a bad list the same way: its positioned diagnostics, then one line.
    CHECK(compile.err.find("bad.txt:2:") != std::string::npos);
    CHECK(compile.err.find("josekic: nothing was written") != std::string::npos);
    CHECK(run.err.find("josekic: nothing was written") != std::string::npos);
    CHECK(compile.err.find("error: a prune list") == std::string::npos);
}

TEST_CASE("josekic zones prints the map and refuses an asymmetric zone file", "[e2e][zones]") {
    const auto map = run_josekic("zones");
    REQUIRE(map.exit_code == 0);
    CHECK(map.out.find("tengen") != std::string::npos);
    const auto own = run_josekic("zones --map");
    REQUIRE(own.exit_code == 0);

    const fs::path dir = fresh_dir("zones");
    std::ofstream(dir / "same.txt") << own.out;
    CHECK(run_josekic("zones --zones " + shell_quote((dir / "same.txt").string())).exit_code == 0);
    std::string skewed = own.out;
    skewed[skewed.find('.')] = 'X';  // one extra point in the top row breaks the symmetry
    std::ofstream(dir / "skewed.txt") << skewed;
    const auto refused = run_josekic("zones --zones " + shell_quote((dir / "skewed.txt").string()));
    CHECK(refused.exit_code == 1);
    CHECK(refused.err.find("skewed.txt") != std::string::npos);
}
