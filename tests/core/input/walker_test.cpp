#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/input/walker.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/walked_files.hpp"

namespace diag = josekic::diag;
using josekic::input::InputFile;
using josekic::input::walk_inputs;
using josekic::input::WalkControl;
using josekic::test_support::ArchiveKind;
using josekic::test_support::make_archive;
using josekic::test_support::TempDir;

namespace {

std::vector<InputFile> walk(const std::vector<std::string>& inputs) {
    return josekic::test_support::walk_all(inputs);
}

// Display paths relative to `root`, for comparing walks of two directories.
std::vector<std::string> relative_paths(const std::vector<InputFile>& files,
                                        const std::string& root) {
    std::vector<std::string> out;
    for (const InputFile& f : files) out.push_back(f.display_path.substr(root.size()));
    return out;
}

}  // namespace

TEST_CASE("the walk order does not depend on the order files were created in", "[input]") {
    const std::vector<std::string> names = {"b/2.sgf",   "a.sgf",   "b/10.sgf", "B.sgf",
                                            "c/d/e.sgf", "c/a.sgf", "ab.sgf"};
    TempDir forwards;
    TempDir backwards;
    for (const std::string& n : names) forwards.write(n, "(;)");
    for (auto it = names.rbegin(); it != names.rend(); ++it) backwards.write(*it, "(;)");

    const auto one = relative_paths(walk({forwards.str()}), forwards.str());
    const auto two = relative_paths(walk({backwards.str()}), backwards.str());
    CHECK(one == two);
    // Sorted by name bytes within each directory, depth first: uppercase before lowercase.
    const std::vector<std::string> expected = {"/B.sgf",   "/a.sgf",   "/ab.sgf",   "/b/10.sgf",
                                               "/b/2.sgf", "/c/a.sgf", "/c/d/e.sgf"};
    CHECK(one == expected);
}

TEST_CASE("game records in any letter case, with spaces and CJK names, are read, others ignored",
          "[input]") {
    TempDir dir;
    dir.write("upper.SGF", "(;GM[1])");
    dir.write("mixed.Sgf", "(;GM[1])");
    dir.write("old.mgt", "(;GM[1])");
    dir.write("名人戦 第1局.sgf", "(;PB[秀策])");
    dir.write("with space/game one.sgf", "(;)");
    dir.write("notes.txt", "not a game");
    dir.write("game.sgf.bak", "(;)");
    const auto files = walk({dir.str()});
    std::vector<std::string> names;
    for (const InputFile& f : files) {
        CHECK_FALSE(f.read_error);
        names.push_back(std::filesystem::path(f.display_path).filename().string());
    }
    CHECK(names == std::vector<std::string>{"mixed.Sgf", "old.mgt", "upper.SGF", "game one.sgf",
                                            "名人戦 第1局.sgf"});
    CHECK(files.back().bytes == "(;PB[秀策])");
}

TEST_CASE("a file named on the command line is read whatever its extension", "[input]") {
    TempDir dir;
    const std::string path = dir.write("game.txt", "(;B[pd])");
    const auto files = walk({path});
    REQUIRE(files.size() == 1);
    CHECK(files[0].display_path == path);
    CHECK(files[0].bytes == "(;B[pd])");
}

TEST_CASE("a missing input is an error and the walk goes on", "[input]") {
    TempDir dir;
    const std::string present = dir.write("a.sgf", "(;)");
    const auto files = walk({dir.str() + "/missing.sgf", present});
    REQUIRE(files.size() == 2);
    REQUIRE(files[0].read_error);
    CHECK(files[0].read_error->code == diag::Code::InputNotFound);
    CHECK(files[0].read_error->severity == josekic::diag::Severity::Error);
    CHECK_FALSE(files[1].read_error);
}

TEST_CASE("an unreadable file is reported and skipped", "[input]") {
    if (::geteuid() == 0) {
        WARN("running as root: chmod 000 does not stop root from reading; test skipped");
        return;
    }
    TempDir dir;
    const std::string locked = dir.write("a.sgf", "(;)");
    dir.write("b.sgf", "(;)");
    ::chmod(locked.c_str(), 0);
    const auto files = walk({dir.str()});
    REQUIRE(files.size() == 2);
    REQUIRE(files[0].read_error);
    CHECK(files[0].read_error->code == diag::Code::CannotRead);
    CHECK_FALSE(files[1].read_error);
}

TEST_CASE("a directory symlink loop is not followed forever", "[input]") {
    TempDir dir;
    dir.write("sub/a.sgf", "(;)");
    std::filesystem::create_directory_symlink(dir.path(), dir.path() / "sub" / "loop");
    const auto files = walk({dir.str()});
    int games = 0;
    int repeats = 0;
    for (const InputFile& f : files) {
        if (!f.read_error)
            ++games;
        else if (f.read_error->code == diag::Code::DirectoryRepeated)
            ++repeats;
    }
    CHECK(games == 1);
    CHECK(repeats == 1);
}

TEST_CASE("the visitor can stop the walk", "[input]") {
    TempDir dir;
    dir.write("a.sgf", "(;)");
    dir.write("b.sgf", "(;)");
    int seen = 0;
    walk_inputs({dir.str()}, [&](InputFile&&) {
        ++seen;
        return WalkControl::Stop;
    });
    CHECK(seen == 1);
}

TEST_CASE("archives of every kind are read in place, entries in archive order", "[input]") {
    const std::vector<std::pair<std::string, std::string>> entries = {
        {"./games/z.sgf", "(;PB[Z])"}, {"games/README", "not a game"},
        {"games/a.SGF", "(;PB[A])"},   {"games/棋譜 1.mgt", "(;PB[C])"},
        {"games/nested.zip", "PK"},
    };
    const std::vector<std::pair<ArchiveKind, std::string>> kinds = {
        {ArchiveKind::Zip, "g.zip"},          {ArchiveKind::Tar, "g.tar"},
        {ArchiveKind::TarGz, "g.tar.gz"},     {ArchiveKind::TarGz, "g.tgz"},
        {ArchiveKind::TarBz2, "g.tar.bz2"},   {ArchiveKind::TarXz, "g.tar.xz"},
        {ArchiveKind::TarXz, "UPPER.TAR.XZ"},
    };
    for (const auto& [kind, name] : kinds) {
        INFO(name);
        TempDir dir;
        const std::string path = (dir.path() / name).string();
        make_archive(path, kind, entries);
        for (const std::string& input : {path, dir.str()}) {
            const auto files = walk({input});
            REQUIRE(files.size() == 4);
            CHECK(files[0].display_path == path + "/games/z.sgf");
            CHECK(files[0].bytes == "(;PB[Z])");
            CHECK(files[1].display_path == path + "/games/a.SGF");
            CHECK(files[2].display_path == path + "/games/棋譜 1.mgt");
            CHECK(files[2].bytes == "(;PB[C])");
            for (std::size_t i = 0; i < 3; ++i) CHECK_FALSE(files[i].read_error);
            // An entry named like an archive is read as one: this one is none, and says so.
            CHECK(files[3].display_path == path + "/games/nested.zip");
            REQUIRE(files[3].read_error);
            CHECK(files[3].read_error->code == josekic::diag::Code::NotAnArchive);
        }
    }
}

TEST_CASE("a corrupt archive is reported after the entries read before the damage", "[input]") {
    TempDir dir;
    const std::string path = (dir.path() / "broken.tar.gz").string();
    // Incompressible bytes, so that cutting the file in half cuts inside b.sgf's data.
    const std::string big = josekic::test_support::incompressible_bytes(200000);
    make_archive(path, ArchiveKind::TarGz, {{"a.sgf", "(;)"}, {"b.sgf", big}});
    std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
    const auto files = walk({path});
    REQUIRE_FALSE(files.empty());
    CHECK(files.front().display_path == path + "/a.sgf");
    REQUIRE(files.back().read_error);
    CHECK(files.back().read_error->severity == josekic::diag::Severity::Error);
}

TEST_CASE("a file that is not an archive but is named like one is reported", "[input]") {
    TempDir dir;
    const std::string path = dir.write("fake.tar.xz", "this is not xz data at all");
    const auto files = walk({path});
    REQUIRE(files.size() == 1);
    REQUIRE(files[0].read_error);
}

TEST_CASE("files read ahead arrive whole and in order, and no descriptor is left open",
          "[input][read_ahead]") {
    // More files than the read-ahead depth, a subdirectory in the middle (read-ahead is
    // dropped and restarted around it) and a walk stopped half-way.
    TempDir dir;
    std::vector<std::string> expected;
    for (int i = 0; i < 40; ++i) {
        const std::string name = (i < 10 ? "0" : "") + std::to_string(i) + ".sgf";
        dir.write(name, "(;GM[1]C[" + name + "])");
        expected.push_back("/" + name);
        if (i == 20) {
            dir.write("20x/inner.sgf", "(;GM[1])");
            expected.push_back("/20x/inner.sgf");
        }
    }
    const auto open_descriptors = [] {
        return std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                             std::filesystem::directory_iterator{});
    };
    const auto before = open_descriptors();
    const auto files = walk({dir.str()});
    CHECK(relative_paths(files, dir.str()) == expected);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string name = expected[i].substr(1);
        if (name != "20x/inner.sgf") CHECK(files[i].bytes == "(;GM[1]C[" + name + "])");
    }
    CHECK(open_descriptors() == before);

    int seen = 0;
    walk_inputs({dir.str()}, [&](InputFile&&) {
        return ++seen == 5 ? WalkControl::Stop : WalkControl::Continue;
    });
    CHECK(seen == 5);
    CHECK(open_descriptors() == before);
}

TEST_CASE("inputs are read in the order a walk of their parent reads them, slashes or not",
          "[input]") {
    // '-' sorts before '/': compared as whole strings, "a-b/" came before "a/", and which copy
    // of a duplicate game won depended on a trailing slash.
    CHECK(josekic::input::sorted_inputs({"a-b/", "b", "a/", "2019-01", "2019/"}) ==
          std::vector<std::string>{"2019/", "2019-01", "a/", "a-b/", "b"});
    // Deeper down too: the directory y is walked before the file y-z beside it.
    CHECK(josekic::input::sorted_inputs({"x/y-z.sgf", "x/y/z.sgf"}) ==
          std::vector<std::string>{"x/y/z.sgf", "x/y-z.sgf"});
}
