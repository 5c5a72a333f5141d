// Games read from their source files for GET /api/games/ID: alone through the tree cache,
// and what the answer says when the file changed or is gone.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/sgf/game_trees.hpp"
#include "explorer/game_source.hpp"
#include "explorer/game_tree_cache.hpp"
#include "index/index_reader.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string joined(const std::vector<std::string>& games) {
    std::string text;
    for (const std::string& g : games) text += g + "\n";
    return text;
}

// Moves the file's modification time on, as a later write would.
void touch_later(const fs::path& path) {
    fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(5));
}

}  // namespace

TEST_CASE("the tree cache reads one game of a collection, and again when the file changes",
          "[explorer]") {
    const test_support::TempDir dir;
    const fs::path file = dir.path() / "month.sgf";
    const std::string text = "(;GM[1]PB[A];B[pd])\n(;GM[1]PB[B]C[a ( ];B[dd])\n(;GM[1]PB[C];B[qq])";
    write(file, text);
    const explorer::GameTreeCache cache;
    for (std::size_t n = 1; n <= 3; ++n) {
        INFO(n);
        CHECK(cache.tree(file.string(), n) == std::string(*sgf::nth_game_tree(text, n)));
        CHECK(cache.tree(file.string(), n) == std::string(*sgf::nth_game_tree(text, n)));  // kept
    }
    CHECK_FALSE(cache.tree(file.string(), 4));
    CHECK_FALSE(cache.tree(file.string(), 0));
    const std::string rewritten = "(;GM[1]PB[Z];B[cc])\n(;GM[1]PB[Y];B[ee])";
    write(file, rewritten);
    touch_later(file);
    CHECK(cache.tree(file.string(), 2) == "(;GM[1]PB[Y];B[ee])");
    CHECK_FALSE(cache.tree(file.string(), 3));
    // Not a plain SGF file on disk: none of the cache's business.
    write(dir.path() / "month.sgf.gz", text);
    CHECK_FALSE(cache.tree((dir.path() / "month.sgf.gz").string(), 1));
    CHECK_FALSE(cache.tree((dir.path() / "missing.sgf").string(), 1));
    CHECK_FALSE(cache.tree(dir.path().string(), 1));
}

TEST_CASE("the tree cache does not wait on a FIFO put where a game's file was", "[explorer]") {
    const test_support::TempDir dir;
    const fs::path file = dir.path() / "month.sgf";
    REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
    // Opened for reading without O_NONBLOCK, a FIFO with no writer blocks for ever.
    const explorer::GameTreeCache cache;
    CHECK_FALSE(cache.tree(file.string(), 1));
}

TEST_CASE("the tree cache gives up the files it kept longest beyond its bound", "[explorer]") {
    const test_support::TempDir dir;
    const explorer::GameTreeCache cache(4);
    std::vector<std::string> files;
    for (const char* name : {"a.sgf", "b.sgf", "c.sgf"}) {
        files.push_back((dir.path() / name).string());
        write(files.back(), "(;B[pd])(;B[dd])");
        REQUIRE(cache.tree(files.back(), 2) == "(;B[dd])");
    }
    CHECK(cache.files_kept() == std::vector<std::string>{files[1], files[2]});
    CHECK(cache.tree(files[0], 1) == "(;B[pd])");  // read again
    CHECK(cache.files_kept() == std::vector<std::string>{files[2], files[0]});
}

TEST_CASE("a game is opened from its collection, and a changed or gone file is said plainly",
          "[explorer]") {
    const test_support::TempDir dir;
    const std::vector<std::string> games = test_support::handmade_games();
    const fs::path collection = dir.path() / "all.sgf";
    write(collection, joined(games));
    const fs::path dict = test_support::compile_inputs(dir.path(), {collection.string()});
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const explorer::GameSource source(index);
    REQUIRE(index.game_count() == games.size());
    for (std::uint32_t id = 0; id < index.game_count(); ++id) {
        for (int again = 0; again < 2; ++again) {  // the file scanned, then its game read alone
            const index::Json g = source.game_json(id, 3);
            INFO(g.dump());
            REQUIRE(g["record"].is_object());
            CHECK(g["record"]["black"] == g["black"]);
            CHECK(g["move"] == 3);
        }
        // A move past the game's end: its last position, and the answer says so.
        const index::Json last = source.game_json(id, 10'000);
        CHECK(last["move"] == last["record"]["moves"].size());
    }
    // Each game's result edited, its players and date kept: not the games the index holds.
    std::vector<std::string> edited;
    for (const std::string& game : games) {
        const std::size_t result = game.find("RE[");
        REQUIRE(result != std::string::npos);
        edited.push_back(game.substr(0, result + 3) + "?" + game.substr(result + 3));
    }
    write(collection, joined(edited));
    touch_later(collection);
    for (std::uint32_t id = 0; id < index.game_count(); ++id)
        CHECK(source.game_json(id, 1)["record"].is_null());
    // The same games in another order: no game is where the index says.
    std::vector<std::string> reversed(games.rbegin(), games.rend());
    write(collection, joined(reversed));
    touch_later(collection);
    const index::Json changed = source.game_json(0, 1);
    CHECK(changed["record"].is_null());
    CHECK(changed["record_problem"].get<std::string>().find("has changed since the index") !=
          std::string::npos);
    fs::remove(collection);
    const index::Json gone = source.game_json(0, 1);
    CHECK(gone["record"].is_null());
    CHECK(gone["record_problem"].get<std::string>().find("is gone") != std::string::npos);
}

TEST_CASE("a game compiled from a relative path is found when explore runs elsewhere",
          "[explorer]") {
    const test_support::TempDir dir;
    write(dir.path() / "all.sgf", joined(test_support::handmade_games()));
    const fs::path before = fs::current_path();
    struct Restore {
        fs::path to;
        ~Restore() { fs::current_path(to); }
    } restore{before};
    // `josekic compile all.sgf -o dict` in the collection's directory ...
    fs::current_path(dir.path());
    const fs::path dict = test_support::compile_inputs(dir.path(), {"all.sgf"});
    // ... then explored from another directory.
    fs::current_path(fs::temp_directory_path());
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    REQUIRE(index.game(0).source_path == "all.sgf");
    const explorer::GameSource source(index);
    const index::Json g = source.game_json(0, 1);
    INFO(g.dump());
    REQUIRE(g["record"].is_object());
    CHECK(g["record"]["black"] == g["black"]);
    // Gone from there too: the answer names the path as the index has it.
    fs::remove(dir.path() / "all.sgf");
    const index::Json gone = source.game_json(1, 1);
    CHECK(gone["record_problem"] ==
          "the file all.sgf is gone: it is not where it was when the "
          "index was compiled");
}

TEST_CASE("a game is opened from an archive that holds two members of its file's name",
          "[explorer]") {
    // Two tars joined: both hold x.sgf, each with a game of its own.
    const test_support::TempDir dir;
    const std::vector<std::string> games = test_support::handmade_games();
    REQUIRE(games.size() >= 2);
    const fs::path one = dir.path() / "one.tar";
    const fs::path two = dir.path() / "two.tar";
    test_support::make_archive(one.string(), test_support::ArchiveKind::Tar, {{"x.sgf", games[0]}});
    test_support::make_archive(two.string(), test_support::ArchiveKind::Tar, {{"x.sgf", games[1]}});
    const fs::path both = dir.path() / "both.tar";
    write(both, test_support::slurp(one.string()) + test_support::slurp(two.string()));
    const fs::path dict = test_support::compile_inputs(dir.path(), {both.string()});
    const index::IndexFile index = index::IndexFile::open(dict / "index.jki");
    const explorer::GameSource source(index);
    REQUIRE(index.game_count() == 2);
    const auto read_both = [&] {
        for (std::uint32_t id = 0; id < 2; ++id) {
            const index::Json g = source.game_json(id, 1);
            INFO(g.dump());
            REQUIRE(g["record"].is_object());
            CHECK(g["record"]["black"] == g["black"]);
        }
    };
    read_both();
    // Bytes no walker can read, of the same size and time: the games come from what was kept.
    const std::string archive_bytes = test_support::slurp(both.string());
    const auto written = fs::last_write_time(both);
    write(both, std::string(archive_bytes.size(), '\0'));
    fs::last_write_time(both, written);
    read_both();
    // The archive written again, each game's result edited: what was kept is not served.
    std::string edited = archive_bytes;
    for (std::size_t at = edited.find("RE["); at != std::string::npos;
         at = edited.find("RE[", at + 3))
        edited[at + 3] = '?';
    write(both, edited);
    touch_later(both);
    CHECK(source.game_json(0, 1)["record_problem"].get<std::string>().find("has changed") !=
          std::string::npos);
    fs::remove(both);
    CHECK(source.game_json(0, 1)["record_problem"].get<std::string>().find("is gone") !=
          std::string::npos);
}
