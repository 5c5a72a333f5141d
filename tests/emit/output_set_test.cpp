#include "emit/output_set.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "core/input/file_kinds.hpp"
#include "emit/atomic_file.hpp"
#include "index/index_format.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::emit {
namespace {

namespace fs = std::filesystem;
using test_support::slurp;
using test_support::TempDir;

const auto seen = test_support::visible_files;

void write_set(const fs::path& dir, const std::map<std::string, std::string>& files) {
    OutputSet set(dir);
    for (const auto& [name, bytes] : files) write_file_atomically(set.staged(name), bytes);
    set.commit();
}

TEST_CASE("a committed set replaces the previous one whole, and only its own names",
          "[emit][output_set]") {
    const TempDir dir;
    const fs::path out = dir.path() / "out";
    write_set(out, {{"joseki.sgf", "old joseki"}, {"joseki-4-4.sgf", "old part"}});
    dir.write("out/notes.txt", "the user's");
    CHECK(seen(out) == std::map<std::string, std::string>{{"joseki.sgf", "old joseki"},
                                                          {"joseki-4-4.sgf", "old part"},
                                                          {"notes.txt", "the user's"}});
    write_set(out, {{"joseki.sgf", "new joseki"}, {"index.jki", "new index"}});
    CHECK(seen(out) == std::map<std::string, std::string>{{"index.jki", "new index"},
                                                          {"joseki.sgf", "new joseki"},
                                                          {"notes.txt", "the user's"}});
    CHECK(fs::is_symlink(out / "joseki.sgf"));
    // One set directory and the link to it: the old set is gone.
    std::size_t sets = 0;
    for (const auto& entry : fs::directory_iterator(out / ".josekic"))
        sets += entry.path().filename().string().starts_with("set-") ? 1 : 0;
    CHECK(sets == 1);
}

TEST_CASE("a set that is not committed leaves the directory as it was", "[emit][output_set]") {
    const TempDir dir;
    const fs::path out = dir.path() / "out";
    write_set(out, {{"joseki.sgf", "old"}});
    {
        OutputSet set(out);
        write_file_atomically(set.staged("joseki.sgf"), "new");
        write_file_atomically(set.staged("fuseki.sgf"), "new");
    }
    CHECK(seen(out) == std::map<std::string, std::string>{{"joseki.sgf", "old"}});
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(out / ".josekic")) ++entries;
    CHECK(entries == 2);  // current and its set

    SECTION("a directory the set created goes with it") {
        { const OutputSet set(dir.path() / "fresh" / "deeper"); }
        CHECK(!fs::exists(dir.path() / "fresh"));
    }
}

TEST_CASE("two sets cannot be written into one directory at once", "[emit][output_set]") {
    const TempDir dir;
    const OutputSet first(dir.path() / "out");
    CHECK_THROWS_WITH(OutputSet(dir.path() / "out"),
                      Catch::Contains("another josekic run is writing into it"));
}

TEST_CASE("an output directory that cannot take a set is named before anything is written",
          "[emit][output_set]") {
    const TempDir dir;
    const std::string file = dir.write("plain", "x");
    CHECK_THROWS_WITH(check_output_directory(file),
                      "cannot write into " + file + ": it is not a directory");
    CHECK_THROWS_WITH(check_output_directory(fs::path(file) / "below"),
                      "cannot write into " + file + "/below: Not a directory");
    CHECK_NOTHROW(check_output_directory(dir.path() / "new" / "deeper"));
    CHECK(!fs::exists(dir.path() / "new"));
}

TEST_CASE("a file of the user's under the name of a set's file is never replaced",
          "[emit][output_set]") {
    const TempDir dir;
    const fs::path out = dir.path() / "out";
    const std::string game = "(;GM[1]FF[4]SZ[19];B[pd];W[dd])";
    SECTION("a game record named joseki.sgf: refused before anything is read") {
        dir.write("out/joseki.sgf", game);
        CHECK_THROWS_WITH(
            check_output_directory(out),
            Catch::Contains(out.string() + "/joseki.sgf is not a file josekic wrote"));
        CHECK_THROWS(write_set(out, {{"joseki.sgf", "new"}}));
        CHECK(seen(out) == std::map<std::string, std::string>{{"joseki.sgf", game}});
    }
    SECTION("notes in report.txt") {
        dir.write("out/report.txt", "my notes");
        CHECK_THROWS(check_output_directory(out));
        CHECK_THROWS(write_set(out, {{"joseki.sgf", "new"}, {"report.txt", "report"}}));
        CHECK(seen(out) == std::map<std::string, std::string>{{"report.txt", "my notes"}});
    }
    SECTION("a split file's name, known only at the end: the commit is refused, the set stays") {
        write_set(out, {{"joseki.sgf", "old"}});
        dir.write("out/joseki-4-4.sgf", game);
        CHECK_NOTHROW(check_output_directory(out));
        CHECK_THROWS_WITH(write_set(out, {{"joseki.sgf", "new"}, {"joseki-4-4.sgf", "part"}}),
                          Catch::Contains("joseki-4-4.sgf is not a file josekic wrote"));
        CHECK(seen(out) ==
              std::map<std::string, std::string>{{"joseki.sgf", "old"}, {"joseki-4-4.sgf", game}});
    }
    SECTION("a dictionary an older josekic wrote as a plain file is replaced") {
        dir.write("out/joseki.sgf", "(;GM[1]FF[4]CA[UTF-8]AP[josekic:0.1]SZ[19];B[pd])");
        dir.write("out/report.txt", "its report");
        CHECK_NOTHROW(check_output_directory(out));
        write_set(out, {{"joseki.sgf", "new"}, {"report.txt", "new report"}});
        CHECK(seen(out) == std::map<std::string, std::string>{{"joseki.sgf", "new"},
                                                              {"report.txt", "new report"}});
    }
}

TEST_CASE("an index and a dictionary josekic wrote are recognised by their first bytes",
          "[emit][output_set]") {
    CHECK(input::written_by_josekic(std::string(index::kMagic.data(), index::kMagic.size())));
    CHECK(input::written_by_josekic("(;GM[1]FF[4]CA[UTF-8]AP[josekic:0.1]SZ[19]"));
    CHECK_FALSE(input::written_by_josekic("(;GM[1]FF[4]CA[UTF-8]SZ[19]AP[josekic review]"));
    CHECK_FALSE(input::written_by_josekic("(;GM[1]FF[4]AP[CGoban:3]SZ[19];B[pd])"));
}

}  // namespace
}  // namespace josekic::emit
