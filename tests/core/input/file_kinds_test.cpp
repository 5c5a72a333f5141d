#include <catch2/catch.hpp>

#include "core/input/file_kinds.hpp"

using josekic::input::classify_name;
using josekic::input::content_kind;
using josekic::input::ContentKind;
using josekic::input::FileKind;
using josekic::input::split_name;
using josekic::input::volume_name;
using namespace std::string_view_literals;

TEST_CASE("game records are recognised by extension in any letter case", "[input]") {
    CHECK(classify_name("a.sgf") == FileKind::GameRecord);
    CHECK(classify_name("A.SGF") == FileKind::GameRecord);
    CHECK(classify_name("dir/Game.Sgf") == FileKind::GameRecord);
    CHECK(classify_name("Hon-41-1.mgt") == FileKind::GameRecord);
    CHECK(classify_name("x.MGT") == FileKind::GameRecord);
    CHECK(classify_name("名人戦 第1局.sgf") == FileKind::GameRecord);
    for (const char* name : {"a.gib", "A.GIB", "a.ngf", "a.ugf", "review.ugi", "a.gib.gz"}) {
        INFO(name);
        CHECK(classify_name(name) == (std::string_view(name).ends_with(".gz")
                                          ? FileKind::CompressedRecord
                                          : FileKind::GameRecord));
    }
}

TEST_CASE("the record format a name says, through a compression suffix", "[input]") {
    using josekic::input::record_format_of_name;
    using josekic::input::RecordFormat;
    CHECK(record_format_of_name("a.sgf") == RecordFormat::Sgf);
    CHECK(record_format_of_name("a.GIB") == RecordFormat::Gib);
    CHECK(record_format_of_name("a.ngf.xz") == RecordFormat::Ngf);
    CHECK(record_format_of_name("a.ugf") == RecordFormat::Ugf);
    CHECK(record_format_of_name("a.ugi") == RecordFormat::Ugf);
    CHECK(record_format_of_name("a.txt") == RecordFormat::Sgf);
}

TEST_CASE("archives are recognised by extension in any letter case", "[input]") {
    for (const char* name : {"a.zip", "a.tar", "a.tar.gz", "a.tgz", "a.tar.bz2", "a.tar.xz",
                             "A.TAR.XZ", "b.Zip", "fox.7z"}) {
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

TEST_CASE("split volumes are told apart: the first starts the archive, the others follow",
          "[input]") {
    CHECK(classify_name("fox-9d2.7z.001") == FileKind::SplitArchive);
    CHECK(classify_name("games.zip.001") == FileKind::SplitArchive);
    CHECK(classify_name("fox-9d2.7z.002") == FileKind::SplitVolume);
    CHECK(classify_name("fox-9d2.7Z.010") == FileKind::SplitVolume);
    CHECK(classify_name("notes.txt.001") == FileKind::Other);
    CHECK(classify_name("fox.7z.000") == FileKind::Other);
    CHECK(classify_name("fox.7z.01") == FileKind::Other);
    CHECK(split_name("dir/fox.7z.012").archive == "dir/fox.7z");
    CHECK(split_name("dir/fox.7z.012").volume == 12);
    CHECK(volume_name("dir/fox.7z", 3) == "dir/fox.7z.003");
}

TEST_CASE("a game record compressed whole is told by its two extensions", "[input]") {
    for (const char* name : {"a.sgf.gz", "a.SGF.XZ", "a.mgt.bz2"}) {
        INFO(name);
        CHECK(classify_name(name) == FileKind::CompressedRecord);
    }
    CHECK(classify_name("notes.txt.gz") == FileKind::Other);
}

TEST_CASE("content is told by its magic bytes, whatever the name", "[input]") {
    CHECK(content_kind("7z\xBC\xAF\x27\x1C\x00\x04"sv) == ContentKind::Archive);
    CHECK(content_kind("PK\x03\x04rest"sv) == ContentKind::Archive);
    CHECK(content_kind("Rar!\x1A\x07\x00"sv) == ContentKind::Archive);
    std::string tar(512, '\0');
    tar.replace(257, 5, "ustar");
    CHECK(content_kind(tar) == ContentKind::Archive);
    CHECK(content_kind("\x1F\x8B\x08"sv) == ContentKind::Compressed);
    CHECK(content_kind("\xFD"
                       "7zXZ\x00"sv) == ContentKind::Compressed);
    CHECK(content_kind("BZh91AY"sv) == ContentKind::Compressed);
    CHECK(content_kind("(;GM[1]FF[4])"sv) == ContentKind::Other);
    CHECK(content_kind("7z"sv) == ContentKind::Other);
    CHECK(content_kind(""sv) == ContentKind::Other);
}
