// `josekic merge` and `compile --update` (tag [e2e][merge]): the dictionary of parts merged,
// or of games added, is byte for byte the one a compile of all the inputs writes.

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "index/index_reader.hpp"
#include "tests/cli/run_binary.hpp"
#include "tests/support/crafted_index.hpp"

namespace josekic::testing {

namespace {

namespace fs = std::filesystem;

const fs::path kGoban = "/usr/share/goban";

// The bundled collection's files, sorted, copied into `parts` directories p0, p1, ... of
// `dir` in turn of their names (p0 gets the first share, ...). The first `shared` files of
// p0 are copied into the last part too: games two parts hold.
std::vector<std::string> split_collection(const TempDir& dir, std::size_t parts, std::size_t files,
                                          std::size_t shared) {
    std::vector<fs::path> all;
    for (const auto& entry : fs::directory_iterator(kGoban)) all.push_back(entry.path());
    std::sort(all.begin(), all.end());
    all.resize(std::min(all.size(), files));
    std::vector<std::string> names;
    for (std::size_t p = 0; p < parts; ++p) {
        names.push_back((dir.path() / ("p" + std::to_string(p))).string());
        fs::create_directories(names.back());
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::size_t p = i * parts / all.size();
        fs::copy_file(all[i], fs::path(names[p]) / all[i].filename());
        if (i < shared) {
            fs::copy_file(all[i], fs::path(names.back()) / ("again-" + all[i].filename().string()));
        }
    }
    return names;
}

std::string quoted(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += " " + shell_quote(word);
    return text;
}

// Compiles each part into PART.dict, with `options` (the defaults unless given); returns those
// directories.
std::vector<std::string> compile_each(const std::vector<std::string>& parts,
                                      const std::string& options = "") {
    std::vector<std::string> compiled;
    for (const std::string& part : parts) {
        compiled.push_back(part + ".dict");
        REQUIRE(run_josekic("compile -q " + shell_quote(part) + " -o " +
                            shell_quote(compiled.back()) + " " + options)
                    .exit_code == 0);
    }
    return compiled;
}

// Compiles each part into its own directory, merges them, compiles them all at once, and
// checks that the merge wrote the same files as the compile.
void check_merge_equals_compile(const TempDir& dir, const std::vector<std::string>& parts,
                                const std::string& compile_options,
                                const std::string& output_options) {
    std::vector<std::string> compiled;
    for (std::size_t p = 0; p < parts.size(); ++p) {
        compiled.push_back((dir.path() / ("d" + std::to_string(p))).string());
        const BinaryRun run = run_josekic("compile -q " + shell_quote(parts[p]) + " -o " +
                                          shell_quote(compiled.back()) + " " + compile_options +
                                          " " + output_options);
        REQUIRE(run.exit_code == 0);
    }
    const std::string merged = (dir.path() / "merged").string();
    const BinaryRun merge = run_josekic("merge" + quoted(compiled) + " -o " + shell_quote(merged) +
                                        " " + output_options);
    INFO(merge.err);
    REQUIRE(merge.exit_code == 0);
    const std::string whole = (dir.path() / "whole").string();
    REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(whole) + " " +
                        compile_options + " " + output_options)
                .exit_code == 0);
    const std::map<std::string, std::string> expected = test_support::visible_files(whole);
    const std::map<std::string, std::string> got = test_support::visible_files(merged);
    CHECK(expected.size() >= 4);
    REQUIRE(got.size() == expected.size());
    for (const auto& [name, bytes] : expected) {
        INFO(name);
        REQUIRE(got.count(name) == 1);
        CHECK(got.at(name) == bytes);
    }
}

// Merges the parts into `dir`/merged, which must fail with exit status 1 and `message` on
// stderr, and leave nothing behind.
void check_merge_fails(const TempDir& dir, const std::vector<std::string>& compiled,
                       const std::string& message) {
    const std::string merged = (dir.path() / "merged").string();
    const BinaryRun merge = run_josekic("merge" + quoted(compiled) + " -o " + shell_quote(merged));
    INFO(merge.err);
    CHECK(merge.exit_code == 1);
    CHECK(merge.err.find(message) != std::string::npos);
    CHECK_FALSE(fs::exists(merged));
}

// Flips the bits `mask` of the byte at `offset` of the file at `path`.
void flip_bits(const fs::path& path, std::uint64_t offset, int mask) {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    const auto at = static_cast<std::streamoff>(offset);
    file.seekg(at);
    const int byte = file.get();
    file.seekp(at);
    file.put(static_cast<char>(byte ^ mask));
    REQUIRE(file);
}

// The index at `path`, whose bytes were changed, with every checksum made right again as
// someone who crafts a file can, written beside its directory (whose SGF files name the
// compile id of the index as it was): only merge's own checks of the records can then
// refuse it. Returns its path.
std::string with_checksums_remade(const fs::path& path) {
    const std::vector<std::byte> bytes =
        test_support::crafted(test_support::bytes_of(path), [](auto&) {});
    const fs::path crafted = path.parent_path().parent_path() / "crafted.jki";
    std::ofstream out(crafted, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out);
    return crafted.string();
}

}  // namespace

TEST_CASE("a merge of two parts writes the compile of both, games in both counted once",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 8);
    SECTION("defaults") {
        check_merge_equals_compile(dir, parts, "", "");
    }
    SECTION("--full --split") {
        check_merge_equals_compile(dir, parts, "", "--full --split");
    }
    SECTION("thresholds, fewer games listed and eras") {
        check_merge_equals_compile(dir, parts, "",
                                   "--min-count 3 --max-games-listed 2 --eras 1900");
    }
    SECTION("a filter") {
        check_merge_equals_compile(dir, parts, "--max-rank 8p", "");
    }
    SECTION("tracking options the parts share") {
        check_merge_equals_compile(dir, parts, "--max-length 12 --fuseki-moves 10", "");
    }
    SECTION("one thread: the games are read in turn with the builder, not ahead of it") {
        check_merge_equals_compile(dir, parts, "", "--threads 1");
    }
    SECTION("a reference book") {
        const std::string book =
            dir.write("book.sgf", "(;GM[1]FF[4]SZ[19];B[pd](;W[qf];B[nc])(;W[nc];B[qf]))");
        check_merge_equals_compile(dir, parts, "", "--reference " + shell_quote(book));
    }
}

TEST_CASE("parts given out of their inputs' order are merged with a warning", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 60, 4);
    std::vector<std::string> dictionaries;
    for (const std::string& part : parts) {
        dictionaries.push_back(part + ".dict");
        REQUIRE(run_josekic("compile -q " + shell_quote(part) + " -o " +
                            shell_quote(dictionaries.back()))
                    .exit_code == 0);
    }
    const std::string warning = "are not in the order compile reads inputs (by name)";
    const BinaryRun in_order =
        run_josekic("merge " + shell_quote(dictionaries[0]) + " " + shell_quote(dictionaries[1]) +
                    " -o " + shell_quote((dir.path() / "a").string()));
    CHECK(in_order.exit_code == 0);
    CHECK(in_order.err.find(warning) == std::string::npos);
    const BinaryRun swapped =
        run_josekic("merge " + shell_quote(dictionaries[1]) + " " + shell_quote(dictionaries[0]) +
                    " -o " + shell_quote((dir.path() / "b").string()));
    CHECK(swapped.exit_code == 0);
    CHECK(swapped.err.find(warning) != std::string::npos);
    // -q: no line for each part, but the warning, which says the result is not compile's.
    const BinaryRun quiet = run_josekic("merge -q " + shell_quote(dictionaries[1]) + " " +
                                        shell_quote(dictionaries[0]) + " -o " +
                                        shell_quote((dir.path() / "c").string()));
    CHECK(quiet.exit_code == 0);
    CHECK(quiet.err.find(warning) != std::string::npos);
    CHECK(quiet.err.find("already in an earlier part") == std::string::npos);
    // An update of a dictionary with games whose inputs come first by name: the same.
    const std::string updated = (dir.path() / "updated").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[1]) + " -o " + shell_quote(updated))
                .exit_code == 0);
    const BinaryRun update =
        run_josekic("compile -q " + shell_quote(parts[0]) + " --update " + shell_quote(updated));
    CHECK(update.exit_code == 0);
    CHECK(update.err.find(warning) != std::string::npos);
}

TEST_CASE("a merge of five parts writes the compile of all five", "[e2e][merge]") {
    const TempDir dir;
    check_merge_equals_compile(dir, split_collection(dir, 5, 200, 5), "", "");
}

TEST_CASE("an empty part and a part of games an earlier one had change nothing but the counts",
          "[e2e][merge]") {
    const TempDir dir;
    std::vector<std::string> parts = split_collection(dir, 2, 60, 0);
    // Named so that compile's sorted inputs are in the merge's order.
    const std::string empty = (dir.path() / "p-empty").string();
    fs::create_directories(empty);
    const std::string again = (dir.path() / "p9-again").string();
    fs::copy(parts[0], again);
    parts.insert(parts.begin(), empty);
    parts.push_back(again);
    check_merge_equals_compile(dir, parts, "", "");
}

TEST_CASE("a part whose merge games are damaged half way fails the merge, which writes nothing",
          "[e2e][merge]") {
    // The games are read on a thread of their own, ahead of the builder: its error must end
    // the merge as an error of the main thread would.
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 0);
    const std::vector<std::string> compiled = compile_each(parts);
    const fs::path index = fs::path(compiled[0]) / "index.jki";
    const index::SectionView games = index::IndexFile::open(index).section(
        static_cast<std::uint32_t>(index::SectionId::MergeGames));
    REQUIRE(games.count > 1000);
    {
        std::fstream file(index, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(static_cast<std::streamoff>(games.offset + games.count / 2));
        file << std::string(static_cast<std::size_t>(games.count - games.count / 2), '\xFF');
        REQUIRE(file);
    }
    check_merge_fails(dir, {with_checksums_remade(index), compiled[1]},
                      "the index is damaged (a merge record)");
}

TEST_CASE("a first part whose trees disagree with its games fails the merge, which writes nothing",
          "[e2e][merge]") {
    // The first part's trees are loaded from its index, and its games only listed in them:
    // each game's lines are checked against the loaded ones.
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 0);
    const std::vector<std::string> compiled = compile_each(parts);
    const fs::path index = fs::path(compiled[0]) / "index.jki";
    const index::SectionView lines = index::IndexFile::open(index).section(
        index::section_id(index::Tree::Joseki, index::TreePart::Lines));
    REQUIRE(lines.count > 10);
    // The outcome of a line in the middle (the top two bits of its first word).
    flip_bits(index, lines.offset + lines.count / 2 * 10 + 3, 0x40);
    check_merge_fails(dir, {with_checksums_remade(index), compiled[1]},
                      "does not match its merge games");
}

TEST_CASE("a part whose bytes changed since it was written is refused by merge and --update",
          "[e2e][merge]") {
    // Its damage would otherwise be written into a new index whose checksums then hold: one
    // flipped byte of a player's name, which no check of the records can tell.
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 0);
    const std::vector<std::string> compiled = compile_each(parts);
    const fs::path index = fs::path(compiled[0]) / "index.jki";
    const index::SectionView strings = index::IndexFile::open(index).section(
        static_cast<std::uint32_t>(index::SectionId::Strings));
    REQUIRE(strings.count > 100);
    flip_bits(index, strings.offset + strings.count / 2, 0x01);
    check_merge_fails(dir, compiled, "checksum mismatch");

    const auto before = test_support::visible_files(compiled[0]);
    const BinaryRun update = run_josekic("compile -q " + shell_quote(parts[1]) + " --update " +
                                         shell_quote(compiled[0]));
    INFO(update.err);
    CHECK(update.exit_code == 1);
    CHECK(update.err.find("checksum mismatch") != std::string::npos);
    CHECK(test_support::visible_files(compiled[0]) == before);
}

TEST_CASE("merges compose: a merge of merged parts writes the compile of all", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 4, 120, 4);
    const std::vector<std::string> compiled = compile_each(parts);
    const std::string left = (dir.path() / "left").string();
    const std::string right = (dir.path() / "right").string();
    const std::string all = (dir.path() / "all").string();
    REQUIRE(run_josekic("merge" + quoted({compiled[0], compiled[1]}) + " -o " + shell_quote(left))
                .exit_code == 0);
    REQUIRE(run_josekic("merge" + quoted({compiled[2], compiled[3]}) + " -o " + shell_quote(right))
                .exit_code == 0);
    REQUIRE(run_josekic("merge" + quoted({left, right}) + " -o " + shell_quote(all)).exit_code ==
            0);
    const std::string whole = (dir.path() / "whole").string();
    REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(whole)).exit_code == 0);
    CHECK(test_support::visible_files(all) == test_support::visible_files(whole));
}

TEST_CASE("parts compiled with options that shape the tries differently are not merged",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 20, 0);
    const std::string a = (dir.path() / "a").string();
    const std::string b = (dir.path() / "b").string();
    REQUIRE(
        run_josekic("compile -q " + shell_quote(parts[0]) + " -o " + shell_quote(a)).exit_code ==
        0);
    const auto refused = [&](const std::string& options, const std::string& words) {
        REQUIRE(run_josekic("compile -q " + shell_quote(parts[1]) + " -o " + shell_quote(b) + " " +
                            options)
                    .exit_code == 0);
        const std::string out = (dir.path() / "out").string();
        const BinaryRun run = run_josekic("merge " + shell_quote(a) + " " + shell_quote(b) +
                                          " -o " + shell_quote(out));
        CHECK(run.exit_code == 1);
        INFO(run.err);
        CHECK(run.err.find(words) != std::string::npos);
        CHECK(!fs::exists(fs::path(out) / "joseki.sgf"));
    };
    SECTION("--max-length") {
        refused("--max-length 20", "different --max-length (" + a + ": 30, " + b + ": 20)");
    }
    SECTION("--max-gap") {
        refused("--max-gap 5", "different --max-gap");
    }
    SECTION("--fuseki-moves") {
        refused("--fuseki-moves 12", "different --fuseki-moves");
    }
    SECTION("--keep-duplicates") {
        refused("--keep-duplicates",
                "different --keep-duplicates (" + a + ": not given, " + b + ": given)");
    }
    SECTION("--fuseki-handicap") {
        refused("--fuseki-handicap", "different --fuseki-handicap");
    }
    SECTION("--zones") {
        // The default zone itself, from a file: the provenance names the file.
        const BinaryRun zones = run_josekic("zones --map");
        REQUIRE(zones.exit_code == 0);
        const std::string map = dir.write("zones.txt", zones.out);
        refused("--zones " + shell_quote(map),
                "different --zones (" + a + ": the default zone, " + b + ": " + map + ")");
    }
    SECTION("a filter") {
        refused("--since 1950", "different filters (");
    }
    SECTION("--cutoff") {
        refused("--cutoff locality", "different --cutoff (" + a + ": ring, " + b + ": locality");
    }
    SECTION("every option that differs, in one message") {
        refused("--max-gap 5 --max-length 20 --since 1950",
                "different --max-length (" + a + ": 30, " + b + ": 20), --max-gap (" + a + ": " +
                    "40, " + b + ": 5) and filters (" + a + ": none, " + b + ": ");
    }
}

TEST_CASE("a dictionary with corner patterns is refused, not merged without them",
          "[e2e][merge][patterns]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 20, 0);
    const std::string a = (dir.path() / "a").string();
    const std::string b = (dir.path() / "b").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[0]) + " --patterns -o " + shell_quote(a))
                .exit_code == 0);
    REQUIRE(
        run_josekic("compile -q " + shell_quote(parts[1]) + " -o " + shell_quote(b)).exit_code ==
        0);
    const std::string out = (dir.path() / "out").string();
    const BinaryRun run =
        run_josekic("merge " + shell_quote(a) + " " + shell_quote(b) + " -o " + shell_quote(out));
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("corner patterns") != std::string::npos);
    CHECK(!fs::exists(fs::path(out) / "joseki.sgf"));
    const auto before = test_support::visible_files(b);
    const BinaryRun update = run_josekic("compile -q " + shell_quote(parts[0]) +
                                         " --patterns --update " + shell_quote(b));
    CHECK(update.exit_code == 2);
    CHECK(test_support::visible_files(b) == before);
}

TEST_CASE("the same part named twice is refused before anything is read", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 1, 5, 0);
    const std::vector<std::string> compiled = compile_each(parts);
    const std::string out = (dir.path() / "out").string();
    for (const std::string& again : {compiled[0], (fs::path(compiled[0]) / "index.jki").string()}) {
        const BinaryRun run = run_josekic("merge " + shell_quote(compiled[0]) + " " +
                                          shell_quote(again) + " -o " + shell_quote(out));
        INFO(run.err);
        CHECK(run.exit_code == 2);
        CHECK(run.err.find("is the same dictionary as") != std::string::npos);
        CHECK_FALSE(fs::exists(out));
    }
}

TEST_CASE("a copy of a part, or a folder of games, is refused with what to give instead",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 1, 5, 0);
    const std::vector<std::string> compiled = compile_each(parts);
    // A compile of the same inputs elsewhere writes the same files (as cp -a would copy).
    const std::string copy = (dir.path() / "copy").string();
    REQUIRE(
        run_josekic("compile -q " + shell_quote(parts[0]) + " -o " + shell_quote(copy)).exit_code ==
        0);
    const std::string out = (dir.path() / "out").string();
    const BinaryRun run = run_josekic("merge " + shell_quote(compiled[0]) + " " +
                                      shell_quote(copy) + " -o " + shell_quote(out));
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find(copy + " holds the same dictionary as " + compiled[0] +
                       " (a copy of it: the same compile id") != std::string::npos);
    CHECK_FALSE(fs::exists(fs::path(out) / "joseki.sgf"));
    const BinaryRun games =
        run_josekic("merge " + shell_quote(parts[0]) + " -o " + shell_quote(out));
    CHECK(games.exit_code == 1);
    CHECK(games.err.find(parts[0] + ": holds no dictionary (no index.jki); give a directory that "
                                    "`josekic compile -o DIR` wrote") != std::string::npos);
    const BinaryRun sgf = run_josekic("merge " + shell_quote(compiled[0] + "/joseki.sgf") + " -o " +
                                      shell_quote(out));
    CHECK(sgf.exit_code == 1);
    CHECK(sgf.err.find("joseki.sgf: an SGF file, not an index; give the dictionary's directory (" +
                       compiled[0] + ")") != std::string::npos);
}

TEST_CASE("merge raises the open files' limit for its parts, or says to merge in groups",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> compiled = compile_each(split_collection(dir, 3, 9, 0));
    const std::string merge = "merge -q" + quoted(compiled) + " -o ";
    // A soft limit below what three parts and the output need: raised.
    rlimit limit{};
    REQUIRE(getrlimit(RLIMIT_NOFILE, &limit) == 0);
    if (limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= 256) {
        const BinaryRun raised = run_program(
            "/bin/sh", "-c " + shell_quote("ulimit -Sn 40 && exec " + shell_quote(JOSEKIC_BINARY) +
                                           " " + merge + shell_quote(dir.str() + "/raised")));
        INFO(raised.err);
        CHECK(raised.exit_code == 0);
        CHECK(fs::exists(dir.path() / "raised" / "joseki.sgf"));
    }
    // A hard limit below it: refused before anything is read, with what to do.
    const BinaryRun refused = run_program(
        "/bin/sh", "-c " + shell_quote("ulimit -n 40 && exec " + shell_quote(JOSEKIC_BINARY) + " " +
                                       merge + shell_quote(dir.str() + "/refused")));
    CHECK(refused.exit_code == 1);
    CHECK(refused.err.find("a merge of 3 parts keeps 3 index files open, more than this process "
                           "may open (40 files, ulimit -Hn): merge them in groups") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "refused"));
}

TEST_CASE("compile --update of a folder the dictionary has read already says so", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 1, 6, 0);
    const std::string updated = (dir.path() / "updated").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[0]) + " -o " + shell_quote(updated))
                .exit_code == 0);
    // A game added to the folder, which is given again (with a slash: the same folder).
    fs::copy_file(kGoban / "Hon-97-2.mgt", fs::path(parts[0]) / "zz-new.mgt");
    const BinaryRun update = run_josekic("compile -q " + shell_quote(parts[0] + "/") +
                                         " --update " + shell_quote(updated));
    INFO(update.err);
    CHECK(update.exit_code == 0);
    CHECK(update.out.find("1 new game, 6 already in the dictionary") != std::string::npos);
    CHECK(update.err.find(parts[0] + "/ was an input of the dictionary already: the games it "
                                     "held then were read again and count as duplicates") !=
          std::string::npos);
}

TEST_CASE("a dictionary without merge sections is refused with a reason", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 1, 5, 0);
    const std::string a = (dir.path() / "a").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[0]) + " --no-index -o " + shell_quote(a))
                .exit_code == 0);
    const BinaryRun run = run_josekic("merge " + shell_quote(a) + " -o " +
                                      shell_quote((dir.path() / "out").string()));
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("compiled with --no-index); compile it again without --no-index") !=
          std::string::npos);
    // --update into it says the same, and leaves it as it was.
    const auto before = test_support::visible_files(a);
    const BinaryRun update =
        run_josekic("compile -q " + shell_quote(parts[0]) + " --update " + shell_quote(a));
    CHECK(update.exit_code == 1);
    CHECK(update.err.find("compiled with --no-index") != std::string::npos);
    CHECK(test_support::visible_files(a) == before);
}

TEST_CASE("compile --update adds games as a compile of the old and the new inputs would",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 8);
    const std::string updated = (dir.path() / "updated").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[0]) + " -o " + shell_quote(updated))
                .exit_code == 0);
    const BinaryRun update =
        run_josekic("compile -q " + shell_quote(parts[1]) + " --update " + shell_quote(updated));
    INFO(update.err);
    REQUIRE(update.exit_code == 0);
    CHECK(update.out.find(" already in the dictionary") != std::string::npos);
    const std::string whole = (dir.path() / "whole").string();
    REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(whole)).exit_code == 0);
    CHECK(test_support::visible_files(updated) == test_support::visible_files(whole));

    SECTION("with other tracking options, the update is refused and the dictionary kept") {
        const auto before = test_support::visible_files(updated);
        // Said before the new games are read: a damaged one among them is never warned of.
        const fs::path damaged = fs::path(parts[1]) / "zz-damaged.sgf";
        std::ofstream(damaged) << "(;GM[1]SZ[19];B[pd];W[zz])";
        const BinaryRun refused = run_josekic("compile " + shell_quote(parts[1]) +
                                              " --max-length 10 --update " + shell_quote(updated));
        fs::remove(damaged);
        CHECK(refused.exit_code == 1);
        CHECK(refused.err.find(": its games were read with other options than this command's: "
                               "--max-length (" +
                               updated + ": 30, this command: 10); leave them out to read") !=
              std::string::npos);
        CHECK(refused.err.find("zz-damaged.sgf") == std::string::npos);
        CHECK(refused.err.find("josekic: nothing was written; " + updated +
                               " keeps what it held") != std::string::npos);
        CHECK(test_support::visible_files(updated) == before);
    }
}

TEST_CASE("compile --update writes the dictionary with the options it was compiled with",
          "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 120, 8);
    // A hand-made book, which the update finds where the compile was given it.
    const fs::path book = dir.path() / "book.sgf";
    std::ofstream(book) << "(;GM[1]SZ[19];B[pd];W[qc];B[qd];W[pc])";
    const std::string shaping = "--max-length 12 --fuseki-moves 8 --since 1900";
    const std::string writing =
        "--split --max-games-listed 3 --reference mine=" + shell_quote(book.string());
    const std::string updated = (dir.path() / "updated").string();
    REQUIRE(run_josekic("compile -q " + shell_quote(parts[0]) + " -o " + shell_quote(updated) +
                        " " + shaping + " " + writing + " --min-count 2")
                .exit_code == 0);
    const std::string whole = (dir.path() / "whole").string();
    REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(whole) + " " + shaping +
                        " " + writing + " --min-count 2")
                .exit_code == 0);

    // report.txt names them as the index keeps them, a book by its absolute path.
    CHECK(test_support::slurp(fs::path(updated) / "report.txt")
              .find("; written with --reference mine=" + book.string() +
                    " --max-games-listed 3 --split --min-count 2)\n") != std::string::npos);

    // Updates `updated` with the second part and `options`, and checks it against a compile
    // of both parts with `compile_options`, into `name`.
    const auto check_update = [&](const std::string& options, const std::string& compile_options,
                                  const std::string& name) {
        const BinaryRun update = run_josekic("compile -q " + shell_quote(parts[1]) + " " + options +
                                             " --update " + shell_quote(updated));
        INFO(update.err);
        REQUIRE(update.exit_code == 0);
        const std::string compiled = (dir.path() / name).string();
        REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(compiled) + " " +
                            compile_options)
                    .exit_code == 0);
        CHECK(test_support::visible_files(updated) == test_support::visible_files(compiled));
    };
    SECTION("none given: all of them the dictionary's") {
        check_update("", shaping + " " + writing + " --min-count 2", "again");
        CHECK(fs::exists(fs::path(updated) / "joseki-index.txt"));
    }
    SECTION("one given: that one this command's, the others the dictionary's") {
        check_update("--min-count 1", shaping + " " + writing + " --min-count 1", "again");
        CHECK(test_support::visible_files(updated) != test_support::visible_files(whole));
    }
    SECTION("--output-as-given: this command's output options alone, the defaults") {
        check_update("--output-as-given", shaping, "plain");
        // Without --update it means nothing: said, not ignored.
        CHECK(run_josekic("compile -q " + shell_quote(parts[1]) + " --output-as-given -o " +
                          shell_quote((dir.path() / "x").string()))
                  .exit_code == 2);
    }
    SECTION("a book that moved since is named, with what to give, and nothing is written") {
        const auto before = test_support::visible_files(updated);
        fs::rename(book, dir.path() / "moved.sgf");
        const BinaryRun update = run_josekic("compile -q " + shell_quote(parts[1]) + " --update " +
                                             shell_quote(updated));
        CHECK(update.exit_code == 1);
        CHECK(update.err.find(updated + " was written with --reference mine=" + book.string() +
                              ", which cannot be read now: give --reference with where it is "
                              "now") != std::string::npos);
        CHECK(test_support::visible_files(updated) == before);
        // Given again, from where it is now.
        const BinaryRun given =
            run_josekic("compile -q " + shell_quote(parts[1]) +
                        " --reference mine=" + shell_quote((dir.path() / "moved.sgf").string()) +
                        " --update " + shell_quote(updated));
        INFO(given.err);
        CHECK(given.exit_code == 0);
    }
}

TEST_CASE("parts written alike are merged into a dictionary written so", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> parts = split_collection(dir, 2, 60, 0);
    const std::string writing = "--split --min-count 2";
    const std::vector<std::string> compiled = compile_each(parts, writing);
    const std::string whole = (dir.path() / "whole").string();
    REQUIRE(run_josekic("compile -q" + quoted(parts) + " -o " + shell_quote(whole) + " " + writing)
                .exit_code == 0);
    const std::string merged = (dir.path() / "merged").string();
    const BinaryRun merge =
        run_josekic("merge -q" + quoted(compiled) + " -o " + shell_quote(merged));
    INFO(merge.err);
    REQUIRE(merge.exit_code == 0);
    CHECK(merge.err.find("warning") == std::string::npos);
    CHECK(test_support::visible_files(merged) == test_support::visible_files(whole));

    SECTION("written differently: the merge's own options, and a warning naming both") {
        const std::string other = compiled[1] + "-other";
        REQUIRE(run_josekic("compile -q " + shell_quote(parts[1]) + " -o " + shell_quote(other) +
                            " --split")
                    .exit_code == 0);
        const std::string mixed = (dir.path() / "mixed").string();
        const BinaryRun warned = run_josekic("merge -q " + shell_quote(compiled[0]) + " " +
                                             shell_quote(other) + " -o " + shell_quote(mixed));
        INFO(warned.err);
        REQUIRE(warned.exit_code == 0);
        CHECK(warned.err.find("josekic: warning: " + compiled[0] + " and " + other +
                              " were written with other output options (" + compiled[0] +
                              ": --split --min-count 2; " + other +
                              ": --split): the result is written with this command's alone") !=
              std::string::npos);
        CHECK(fs::exists(fs::path(mixed) / "joseki.sgf"));
        // Given here, the differing option is the merge's: no warning, and the parts' --split.
        const std::string given = (dir.path() / "given").string();
        const BinaryRun agreed =
            run_josekic("merge -q " + shell_quote(compiled[0]) + " " + shell_quote(other) +
                        " --min-count 2 -o " + shell_quote(given));
        INFO(agreed.err);
        REQUIRE(agreed.exit_code == 0);
        CHECK(agreed.err.find("warning") == std::string::npos);
        CHECK(fs::exists(fs::path(given) / "joseki-index.txt"));
    }
}

TEST_CASE("compile --update of a directory without a dictionary says how to make one",
          "[e2e][merge]") {
    const test_support::TempDir dir;
    const std::string missing = (dir.path() / "missing").string();
    const BinaryRun update =
        run_josekic("compile -q /usr/share/goban --update " + shell_quote(missing));
    CHECK(update.exit_code == 1);
    CHECK(update.err.find(missing +
                          ": holds no dictionary to update (no index.jki); make one "
                          "with josekic compile INPUT... -o " +
                          missing) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(missing));
}

TEST_CASE("compile --update of a dictionary's index says to give its directory", "[e2e][merge]") {
    const TempDir dir;
    const std::vector<std::string> compiled = compile_each(split_collection(dir, 1, 3, 0));
    const std::string index = (fs::path(compiled[0]) / "index.jki").string();
    const BinaryRun update =
        run_josekic("compile -q /usr/share/goban --update " + shell_quote(index));
    CHECK(update.exit_code == 2);
    CHECK(update.err.find("--update takes the dictionary's directory (" + compiled[0] +
                          "), not its index.jki") != std::string::npos);
}

TEST_CASE("merge says that the options which shape the tries come from the parts", "[e2e][merge]") {
    for (const std::string option : {"--min-rank 5p", "--zones 7x7", "--max-length 20"}) {
        INFO(option);
        const BinaryRun run = run_josekic("merge a b -o c " + option);
        CHECK(run.exit_code == 2);
        const std::string name = option.substr(0, option.find(' '));
        CHECK(run.err.find("unrecognised option '" + name + "': merge takes " + name +
                           " from the parts") != std::string::npos);
    }
    const BinaryRun other = run_josekic("merge a b -o c --frobnicate");
    CHECK(other.exit_code == 2);
    CHECK(other.err.find("from the parts") == std::string::npos);
}

TEST_CASE("compile takes either -o or --update", "[e2e][merge]") {
    CHECK(run_josekic("compile /usr/share/goban").exit_code == 2);
    CHECK(run_josekic("compile /usr/share/goban -o a --update b").exit_code == 2);
}

}  // namespace josekic::testing
