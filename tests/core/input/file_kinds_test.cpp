#include <catch2/catch.hpp>

#include "core/input/file_kinds.hpp"

using josekic::input::classify_name;
using josekic::input::FileKind;

TEST_CASE("game records are recognised by extension in any letter case", "[input]") {
    CHECK(classify_name("a.sgf") == FileKind::GameRecord);
    CHECK(classify_name("A.SGF") == FileKind::GameRecord);
    CHECK(classify_name("dir/Game.Sgf") == FileKind::GameRecord);
    CHECK(classify_name("Hon-41-1.mgt") == FileKind::GameRecord);
    CHECK(classify_name("x.MGT") == FileKind::GameRecord);
    CHECK(classify_name("名人戦 第1局.sgf") == FileKind::GameRecord);
}

TEST_CASE("archives are recognised by extension in any letter case", "[input]") {
    for (const char* name :
         {"a.zip", "a.tar", "a.tar.gz", "a.tgz", "a.tar.bz2", "a.tar.xz", "A.TAR.XZ", "b.Zip"}) {
        INFO(name);
        CHECK(classify_name(name) == FileKind::Archive);
    }
}

TEST_CASE("other files are neither", "[input]") {
    for (const char* name : {"README", "a.sgf.bak", "a.txt", "sgf", ".sgf.orig", "a.gz", "a.xz"}) {
        INFO(name);
        CHECK(classify_name(name) == FileKind::Other);
    }
}
