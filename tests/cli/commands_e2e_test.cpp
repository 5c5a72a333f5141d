#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "emit/dictionary_reader.hpp"
#include "tests/cli/run_binary.hpp"

namespace fs = std::filesystem;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;

namespace {

using josekic::test_support::compile_id_in;
using josekic::test_support::slurp;
using josekic::test_support::without_compile_id;

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
    CHECK(dry.out.find("Budget: 50,000 nodes and 10 MB per file (met when the file is written") !=
          std::string::npos);
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
    // The same file but for the index it names: prune's, the dictionary it pruned; the
    // compile's, its own (which records the list).
    CHECK(without_compile_id(slurp(dir / "pruned.sgf")) ==
          without_compile_id(slurp(dir / "with-list" / "joseki.sgf")));
    CHECK(compile_id_in(slurp(dir / "pruned.sgf")) == compile_id_in(before.bytes));
    CHECK_FALSE(compile_id_in(before.bytes).empty());
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
    CHECK(without_compile_id(cut) == without_compile_id(slurp(dir / "cut" / "joseki.sgf")));
    CHECK(cut.find("Size limits: min count 2, max depth none, max children 3,") !=
          std::string::npos);
}

TEST_CASE("josekic prune and review: output to stdout stays whole, a directory is refused",
          "[e2e][prune]") {
    const fs::path dir = fresh_dir("prune-stdout");
    REQUIRE(run_josekic("compile " + samples() + " -o " + shell_quote((dir / "d").string()) +
                        " --quiet")
                .exit_code == 0);
    const std::string dictionary = shell_quote((dir / "d" / "joseki.sgf").string());
    // The summary goes to stderr when OUT is the standard output: stdout is the SGF alone.
    const auto to_stdout = run_josekic("prune " + dictionary + " --max-depth 2 -o /dev/stdout");
    REQUIRE(to_stdout.exit_code == 0);
    CHECK(to_stdout.out.rfind("(;GM[1]", 0) == 0);
    CHECK(to_stdout.out.find(" -> /dev/stdout") == std::string::npos);
    CHECK(to_stdout.err.find(" -> /dev/stdout") != std::string::npos);
    const auto to_file = run_josekic("prune " + dictionary + " --max-depth 2 -o " +
                                     shell_quote((dir / "p.sgf").string()));
    REQUIRE(to_file.exit_code == 0);
    CHECK(to_stdout.out == slurp(dir / "p.sgf"));

    const auto review =
        run_josekic("review " + shell_quote((dir / "d").string()) + " " +
                    shell_quote(std::string(JOSEKIC_SOURCE_DIR) + "/samples/chinese-opening.sgf") +
                    " -o /dev/stdout");
    INFO(review.err);
    REQUIRE(review.exit_code == 0);
    CHECK(review.out.rfind("(;", 0) == 0);
    CHECK(review.err.find("in the book") != std::string::npos);
    CHECK(review.out.find("in the book") == std::string::npos);

    const auto directory =
        run_josekic("prune " + shell_quote((dir / "d").string()) + " --max-depth 2 -o " +
                    shell_quote((dir / "q.sgf").string()));
    CHECK(directory.exit_code == 2);
    CHECK(directory.err.find("is a directory: give the dictionary file to prune (" +
                             (dir / "d" / "joseki.sgf").string()) != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "q.sgf"));
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
                sgf.substr(sgf.find("AB[", at), sgf.find("GN[", at) - sgf.find("AB[", at)));
        return found;
    };
    CHECK(roots(text) == roots(compiled));
    // One game each: the trees come in Setup order, the 9 stones (jd...) before the 2 (pd...).
    CHECK(roots(text) ==
          std::vector<std::string>{"AB[jd][jj][pd][pj][dd][dj][jp][pp][dp]", "AB[pd][dp]"});
    CHECK(text.size() < compiled.size());
    // Compiling with the same threshold prunes the handicap trees the same way.
    REQUIRE(run_josekic("compile " + shell_quote((dir / "games").string()) + " -o " +
                        shell_quote((dir / "cut").string()) +
                        " --quiet --fuseki-handicap --max-depth 1")
                .exit_code == 0);
    CHECK(without_compile_id(slurp(dir / "cut" / "fuseki-handicap.sgf")) ==
          without_compile_id(text));
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

TEST_CASE("a reference book cut short is used as far as it goes, and the command exits 1",
          "[e2e][reference]") {
    const fs::path dir = fresh_dir("reference-cut");
    const fs::path book = dir / "book.sgf";
    std::ofstream(book) << "(;GM[1]SZ[19];B[pd]C[good";  // the comment is never closed
    const std::string reference = " --reference " + shell_quote(book.string());
    const auto compile = run_josekic("compile " + samples() + " -o " +
                                     shell_quote((dir / "c").string()) + " --quiet" + reference);
    CHECK(compile.exit_code == 1);
    CHECK(compile.err.find("book.sgf:1:22: error:") != std::string::npos);
    // Nothing of the games is lost: the dictionaries are written, with what the book gave.
    CHECK(fs::exists(dir / "c" / "joseki.sgf"));
    CHECK(slurp(dir / "c" / "report.txt").find("book (") != std::string::npos);

    const auto prune = run_josekic("prune " + shell_quote((dir / "c" / "joseki.sgf").string()) +
                                   " -o " + shell_quote((dir / "p.sgf").string()) + reference);
    CHECK(prune.exit_code == 1);
    CHECK(prune.err.find("book.sgf:1:22: error:") != std::string::npos);
    CHECK(fs::exists(dir / "p.sgf"));

    // A book read whole leaves the exit status alone.
    std::ofstream(book) << "(;GM[1]SZ[19];B[pd]C[good])";
    CHECK(run_josekic("compile " + samples() + " -o " + shell_quote((dir / "d").string()) +
                      " --quiet" + reference)
              .exit_code == 0);
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

namespace {

std::size_t sgf_nodes(const std::string& text) {
    josekic::diag::DiagnosticList sink;
    const auto read = josekic::emit::read_dictionary(text, "budget.sgf", sink);
    REQUIRE(read);
    return read->trie.size();
}

}  // namespace

TEST_CASE("josekic compile and prune keep every file within the budget", "[e2e][budget]") {
    const fs::path dir = fresh_dir("budget");
    const std::string full = shell_quote((dir / "full").string());
    REQUIRE(run_josekic("compile " + samples() + " -o " + full + " --quiet --full").exit_code == 0);
    // The samples are small: the default budget cuts nothing.
    const auto by_default =
        run_josekic("compile " + samples() + " -o " + shell_quote((dir / "default").string()));
    REQUIRE(by_default.exit_code == 0);
    CHECK(by_default.out.find("left out") == std::string::npos);
    // The same files, but for the compile id: each index records its own output options.
    CHECK(without_compile_id(slurp(dir / "default" / "joseki.sgf")) ==
          without_compile_id(slurp(dir / "full" / "joseki.sgf")));
    CHECK(without_compile_id(slurp(dir / "default" / "fuseki.sgf")) ==
          without_compile_id(slurp(dir / "full" / "fuseki.sgf")));
    CHECK(slurp(dir / "default" / "report.txt")
              .find("Files written (budget: 50,000 nodes and 10 MB per file)") !=
          std::string::npos);

    const auto small =
        run_josekic("compile " + samples() + " -o " + shell_quote((dir / "small").string()) +
                    " --max-nodes 40 --max-bytes 30k");
    REQUIRE(small.exit_code == 0);
    CHECK(small.out.find("times left out)") != std::string::npos);
    CHECK(small.out.find("budget: 40 nodes and 30 kB per file; --full writes every line") !=
          std::string::npos);
    for (const char* name : {"joseki.sgf", "fuseki.sgf"}) {
        INFO(name);
        const std::string text = slurp(dir / "small" / name);
        CHECK(text.size() <= 30'000);
        CHECK(sgf_nodes(text) <= 40);
        CHECK(text.find("josekic lookup has them.") != std::string::npos);
    }

    // A collection file (one tree per handicap setup) meets it with one min count.
    REQUIRE(run_josekic("compile " + samples() + " -o " + shell_quote((dir / "handicap").string()) +
                        " --quiet --fuseki-handicap --max-nodes 3")
                .exit_code == 0);
    josekic::diag::DiagnosticList sink;
    const auto trees = josekic::emit::read_dictionary_collection(
        slurp(dir / "handicap" / "fuseki-handicap.sgf"), "fuseki-handicap.sgf", sink);
    REQUIRE(trees);
    REQUIRE_FALSE(trees->empty());
    std::size_t nodes = 0;
    for (const auto& tree : *trees) nodes += tree.trie.size();
    CHECK(nodes <= 3);
    CHECK(nodes >= trees->size());
    // Its cut lines are not in the index, which holds no handicap tree: it does not say so.
    const std::string handicap_text = slurp(dir / "handicap" / "fuseki-handicap.sgf");
    CHECK(handicap_text.find("rarer line") != std::string::npos);
    CHECK(handicap_text.find("josekic lookup has them.") == std::string::npos);
    const fs::path handicap_pruned = dir / "handicap" / "pruned.sgf";
    REQUIRE(run_josekic("prune " +
                        shell_quote((dir / "handicap" / "fuseki-handicap.sgf").string()) +
                        " --max-nodes 2 -o " + shell_quote(handicap_pruned.string()))
                .exit_code == 0);
    CHECK(slurp(handicap_pruned).find("josekic lookup has them.") == std::string::npos);

    // prune fits a --full dictionary to its budget; the index beside it has the rest.
    const fs::path pruned = dir / "full" / "small.sgf";
    const auto run = run_josekic("prune " + shell_quote((dir / "full" / "joseki.sgf").string()) +
                                 " --max-nodes 15 -o " + shell_quote(pruned.string()));
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("left out for the budget (15 nodes and 10 MB per file)") !=
          std::string::npos);
    CHECK(sgf_nodes(slurp(pruned)) <= 15);
    CHECK(slurp(pruned).find("josekic lookup has them.") != std::string::npos);
}

TEST_CASE("josekic refuses a budget it cannot read", "[e2e][budget]") {
    const fs::path dir = fresh_dir("budget-usage");
    const std::string out = " -o " + shell_quote((dir / "out").string());
    const auto junk = run_josekic("compile " + samples() + out + " --max-bytes 10XB");
    CHECK(junk.exit_code == 2);
    CHECK(junk.err.find("--max-bytes takes a size such as 10MB, 500k, 1G or 2000000, not '10XB'") !=
          std::string::npos);
    const auto both = run_josekic("compile " + samples() + out + " --full --max-nodes 10");
    CHECK(both.exit_code == 2);
    CHECK(both.err.find("--full writes everything") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out" / "joseki.sgf"));
    const auto nothing = run_josekic("prune x.sgf --full -o y.sgf");
    CHECK(nothing.exit_code == 2);
}

TEST_CASE("README's example on the bundled data prints what README shows", "[e2e][readme]") {
    if (!fs::exists("/usr/share/goban")) {
        WARN("skipped: /usr/share/goban is not installed");
        return;
    }
    // The example block: "    $ command" lines, each followed by the lines it prints ("..."
    // stands for lines left out; every other line must be printed as shown, in that order).
    std::ifstream readme(JOSEKIC_SOURCE_DIR "/README.md");
    std::vector<std::pair<std::string, std::vector<std::string>>> commands;
    bool in_block = false;
    for (std::string line; std::getline(readme, line);) {
        if (line == "    $ josekic compile /usr/share/goban samples -o out") in_block = true;
        if (!in_block) continue;
        if (!line.starts_with("    ")) break;
        line.erase(0, 4);
        if (line.starts_with("$ "))
            commands.push_back({line.substr(2), {}});
        else if (line != "...")
            commands.back().second.push_back(line);
    }
    REQUIRE(commands.size() == 2);
    REQUIRE(commands[1].first == "cat out/report.txt");
    const josekic::test_support::TempDir dir;
    fs::create_directory_symlink(JOSEKIC_SOURCE_DIR "/samples", dir.path() / "samples");
    const std::string command = "cd " + shell_quote(dir.str()) + " && " +
                                shell_quote(JOSEKIC_BINARY) +
                                " compile /usr/share/goban samples -o out >stdout 2>stderr";
    REQUIRE(std::system(command.c_str()) == 0);
    // As a terminal shows them: the diagnostics while reading, then the summary.
    const std::string printed = slurp(dir.path() / "stderr") + slurp(dir.path() / "stdout");
    const std::string report = slurp(dir.path() / "out" / "report.txt");
    for (std::size_t c = 0; c < commands.size(); ++c) {
        const std::string output = "\n" + (c == 0 ? printed : report);
        std::size_t after = 0;
        for (const std::string& expected : commands[c].second) {
            INFO(commands[c].first << " prints, after the line before it: " << expected);
            const std::size_t at = output.find("\n" + expected + "\n", after);
            CHECK(at != std::string::npos);
            if (at != std::string::npos) after = at + expected.size() + 1;
        }
    }
}

TEST_CASE("prune writes a name with a line break in it as compile --prune does", "[e2e][prune]") {
    const josekic::test_support::TempDir dir;
    dir.write("games/a.sgf",
              "(;GM[1]FF[4]SZ[19]PB[Hashimoto \r\nUtaro]PW[Sakata Eio 7 \r\ndan]RE[B+R]"
              ";B[pd];W[qc];B[qd];W[pc];B[dp])");
    const std::string list = dir.write("list.txt", "dp\n");
    const std::string games = shell_quote((dir.path() / "games").string());
    REQUIRE(run_josekic("compile " + games + " -o " + shell_quote(dir.str() + "/pruned") +
                        " --prune " + shell_quote(list) + " --quiet")
                .exit_code == 0);
    REQUIRE(
        run_josekic("compile " + games + " -o " + shell_quote(dir.str() + "/whole") + " --quiet")
            .exit_code == 0);
    REQUIRE(run_josekic("prune " + shell_quote(dir.str() + "/whole/joseki.sgf") + " --list " +
                        shell_quote(list) + " -o " + shell_quote(dir.str() + "/by-prune.sgf"))
                .exit_code == 0);
    const std::string compiled = slurp(dir.path() / "pruned" / "joseki.sgf");
    CHECK(compiled.find("B: Hashimoto  Utaro") != std::string::npos);
    CHECK(without_compile_id(compiled) == without_compile_id(slurp(dir.path() / "by-prune.sgf")));
}
