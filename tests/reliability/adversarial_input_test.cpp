// The adversarial input suite (tag [reliability]): hostile inputs generated on the fly,
// each mixed with good games and run through the real binary in a child process. Every
// case ends in a defined outcome: the good games are read, the bad input is named in a
// diagnostic, the exit status is the documented one, the child neither crashes nor hangs,
// and its peak memory stays under a stated bound. JOSEKIC_QUICK=1 shrinks the heavy cases.

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>

#include "tests/reliability/adversarial_inputs.hpp"
#include "tests/reliability/child_process.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::testing {

using test_support::ArchiveKind;
using test_support::make_archive;
using test_support::TempDir;
namespace {

/// The number after `label` in a text report line such as "games kept      6".
long report_number(const std::string& report, const std::string& label) {
    // Counts are written with thousands separators, "100,000".
    const std::regex line("(^|\\n)" + label + " +([0-9,]+)");
    std::smatch match;
    if (!std::regex_search(report, match, line)) return -1;
    std::string digits = match[2].str();
    std::erase(digits, ',');
    return std::stol(digits);
}

/// Every reliability run: no crash, no sanitizer report, no hang.
void require_clean_exit(const ChildRun& run) {
    INFO("stderr: " << run.err.substr(0, 2000));
    REQUIRE_FALSE(run.timed_out);
    REQUIRE(run.term_signal == 0);
    REQUIRE(run.err.find("Sanitizer") == std::string::npos);
    REQUIRE(run.err.find("runtime error") == std::string::npos);
}

/// Peak memory bound; not checked under AddressSanitizer (shadow memory and quarantine).
void require_peak_below(const ChildRun& run, long mib) {
    INFO("peak RSS " << run.peak_rss_kib / 1024 << " MiB, bound " << mib << " MiB");
    if (!kSanitized) CHECK(run.peak_rss_kib / 1024 < mib);
}

ChildRun check(const std::vector<std::string>& inputs) {
    std::vector<std::string> args{"check", "--no-timings"};
    args.insert(args.end(), inputs.begin(), inputs.end());
    return run_child(args);
}

TEST_CASE("a game tree nested 1,000,000 deep is read without recursion", "[reliability][heavy]") {
    const TempDir dir;
    const std::size_t depth = quick_mode() ? 100'000 : 1'000'000;
    const std::string deep = dir.write("deep.sgf", deeply_nested(depth));
    const std::string good = dir.write("good.sgf", good_game());
    const ChildRun run = check({deep, good});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games read") == 2);
    CHECK(report_number(run.out, "games kept") == 2);
    // The main line fills the board and its 361st move is suicide: named, game kept to there.
    CHECK(run.err.find("deep.sgf:") != std::string::npos);
    CHECK(run.err.find("game kept up to move 360 [suicide]") != std::string::npos);
    require_peak_below(run, 700);
    record_row("game tree nested " + std::to_string(depth) + " deep (" +
                   std::to_string(depth * 8 / 1'000'000) + " MB) + a good game",
               "both games kept; main line cut at move 361 [suicide]", run);
}

TEST_CASE("a 200 MB property value is read and the game kept", "[reliability][heavy]") {
    const TempDir dir;
    const std::size_t size = quick_mode() ? 20'000'000 : 200'000'000;
    std::string text = "(;GM[1]FF[4]SZ[19]C[";
    text.append(size, 'x');
    text += "];B[pd];W[dp])";
    const std::string big = dir.write("big.sgf", text);
    text.clear();
    text.shrink_to_fit();
    const ChildRun run = check({big, dir.write("good.sgf", good_game())});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games kept") == 2);
    require_peak_below(run, 1200);
    record_row("a " + std::to_string(size / 1'000'000) + " MB comment value + a good game",
               "both games kept", run);
}

TEST_CASE("a file of NUL bytes is named and skipped", "[reliability]") {
    const TempDir dir;
    const std::string nul = dir.write("nul.sgf", std::string(1 << 20, '\0'));
    const ChildRun run = check({nul, dir.write("good.sgf", good_game())});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games kept") == 1);
    CHECK(run.err.find("nul.sgf:1:1: error:") != std::string::npos);
    CHECK(run.err.find("[no-game-tree]") != std::string::npos);
    require_peak_below(run, 100);
    record_row("1 MiB of NUL bytes + a good game", "good game kept; nul.sgf named [no-game-tree]",
               run);
}

TEST_CASE("invalid UTF-8 and lone UTF-16 surrogates are replaced and reported", "[reliability]") {
    const TempDir dir;
    // Overlong, truncated, and an encoded surrogate half (ED A0 80) in UTF-8.
    const std::string utf8 =
        dir.write("bad-utf8.sgf",
                  "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[\xC0\xAF\xE2\x82]PW[\xED\xA0\x80]"
                  ";B[pd];W[dp])");
    // UTF-16LE with a BOM, a lone high surrogate in PB and a lone low surrogate in PW.
    std::string utf16 = "\xFF\xFE";
    const auto add = [&](std::string_view ascii) {
        for (const char c : ascii) {
            utf16 += c;
            utf16 += '\0';
        }
    };
    add("(;GM[1]FF[4]SZ[19]PB[a");
    utf16 += std::string("\x00\xD8", 2);
    add("]PW[b");
    utf16 += std::string("\x00\xDC", 2);
    add("];B[pd];W[dp])");
    const std::string utf16_path = dir.write("bad-utf16.sgf", utf16);
    // The three games are equal under a symmetry: keep them all to see each one read.
    const ChildRun run =
        check({"--keep-duplicates", utf8, utf16_path, dir.write("good.sgf", good_game())});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games kept") == 3);
    CHECK(run.err.find("bad-utf8.sgf:") != std::string::npos);
    CHECK(run.err.find("bad-utf16.sgf:") != std::string::npos);
    CHECK(run.err.find("[invalid-text-encoding]") != std::string::npos);
    require_peak_below(run, 100);
    record_row("invalid UTF-8; UTF-16 with lone surrogates; a good game",
               "3 games kept; both files named [invalid-text-encoding]", run);
}

TEST_CASE("a collection of 100,000 tiny games in one file", "[reliability][heavy]") {
    const TempDir dir;
    const unsigned count = quick_mode() ? 10'000 : 100'000;
    std::string text;
    text.reserve(count * 40);
    for (unsigned i = 0; i < count; ++i) text += tiny_game(i);
    const ChildRun run = check({dir.write("many.sgf", text)});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games read") == count);
    // Games equal under a symmetry are dropped as duplicates; every game is accounted for.
    CHECK(report_number(run.out, "games kept") + report_number(run.out, "duplicates dropped") ==
          count);
    require_peak_below(run, 700);
    record_row(std::to_string(count) + " two-move games in one file",
               "all read; symmetric copies dropped as duplicates", run);
}

TEST_CASE(
    "archive entries named ../x.sgf or /abs.sgf and symlink entries read and write nothing outside",
    "[reliability]") {
    const TempDir dir;
    // A game outside the archive that a symlink entry points to: it must not be read.
    dir.write("outside/secret.sgf", good_game("Secret Outside"));
    const std::string archive_path = (dir.path() / "in" / "hostile.tar").string();
    std::filesystem::create_directories(dir.path() / "in");
    make_archive(archive_path, ArchiveKind::Tar,
                 {{"../x.sgf", good_game("Traversal")},
                  {"/tmp/josekic-absolute.sgf", good_game("Absolute")},
                  {"ok.sgf", good_game("Inside")}});
    // Append a symlink entry by hand: libarchive's writer in make_archive writes files only.
    {
        archive* writer = archive_write_new();
        archive_write_set_format_pax_restricted(writer);
        const std::string link_archive = (dir.path() / "in" / "links.tar").string();
        REQUIRE(archive_write_open_filename(writer, link_archive.c_str()) == ARCHIVE_OK);
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, "link.sgf");
        archive_entry_set_filetype(entry, AE_IFLNK);
        archive_entry_set_symlink(entry, (dir.path() / "outside" / "secret.sgf").c_str());
        archive_entry_set_perm(entry, 0777);
        archive_write_header(writer, entry);
        archive_entry_free(entry);
        archive_write_close(writer);
        archive_write_free(writer);
    }
    const auto listing = [&] {
        std::vector<std::string> names;
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path()))
            names.push_back(e.path());
        std::sort(names.begin(), names.end());
        return names;
    };
    const std::vector<std::string> before = listing();
    const bool absolute_existed = std::filesystem::exists("/tmp/josekic-absolute.sgf");

    const std::string out = (dir.path() / "out").string();
    const ChildRun run = run_child({"compile", (dir.path() / "in").string(), "-o", out});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    // The three file entries are read as data (their names are only displayed)...
    const std::string report = run.out;
    CHECK(report.find("Secret Outside") == std::string::npos);
    std::vector<std::string> after = listing();
    // ...and nothing appears anywhere but the output directory.
    std::erase_if(after,
                  [&](const std::string& p) { return p == out || p.starts_with(out + "/"); });
    CHECK(after == before);
    CHECK(std::filesystem::exists("/tmp/josekic-absolute.sgf") == absolute_existed);
    CHECK(std::filesystem::exists(dir.path() / "x.sgf") == false);
    // The compiled dictionary knows the 3 inside games (all equal: 1 kept, 2 duplicates),
    // never the secret one behind the symlink.
    const ChildRun checked = check({(dir.path() / "in").string()});
    CHECK(report_number(checked.out, "games read") == 3);
    record_row("tar with ../x.sgf, /tmp/... and a symlink entry to a game outside",
               "entries read as data, symlink ignored, nothing written outside the output", run);
}

TEST_CASE("a decompression bomb is cut off at the documented limit", "[reliability]") {
    const TempDir dir;
    // 300 MiB of zeros in a 300 KiB .tar.gz; the limit is 256 MiB per file.
    const std::string bomb = dir.write("bomb.tar.gz", tar_gz_bomb(300));
    const ChildRun run = check({bomb, dir.write("good.sgf", good_game())});
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(run.err.find("bomb.tar.gz/bomb.sgf: error: larger than the limit of 256 MiB") !=
          std::string::npos);
    CHECK(run.err.find("[file-too-large]") != std::string::npos);
    // The good game after the bomb in the same archive, and the good file, are both read.
    CHECK(report_number(run.out, "games read") == 2);
    require_peak_below(run, 150);
    record_row("300 KiB .tar.gz expanding to 300 MiB, then a good entry; + a good file",
               "bomb named [file-too-large] (limit 256 MiB), both good games read", run);
}

TEST_CASE("unreadable files and directories among good ones are named and skipped",
          "[reliability]") {
    const TempDir dir;
    ::chmod(dir.str().c_str(), 0755);
    dir.write("games/a-good.sgf", good_game("A"));
    const std::string locked_file = dir.write("games/b-locked.sgf", good_game("B"));
    const std::string locked_dir = (dir.path() / "games" / "c-locked").string();
    dir.write("games/c-locked/inner.sgf", good_game("C"));
    dir.write("games/d-good.sgf", good_game("D"));
    ::chmod(locked_file.c_str(), 0);
    ::chmod(locked_dir.c_str(), 0);

    ChildOptions options;
    try {
        // Root reads everything: run the child as nobody, whom the permissions do stop.
        options.run_as = unprivileged_user_if_root();
    } catch (const SkipUnprivileged& skip) {
        WARN(skip.why << ": unreadable-file case skipped");
        return;
    }
    const ChildRun run =
        run_child({"check", "--no-timings", (dir.path() / "games").string()}, options);
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games read") == 2);
    CHECK(run.err.find("b-locked.sgf: error: cannot open: Permission denied [cannot-read]") !=
          std::string::npos);
    CHECK(run.err.find("c-locked: error: cannot open directory: Permission denied [cannot-read]") !=
          std::string::npos);
    record_row("a mode-000 file and a mode-000 directory between good files (run as nobody)",
               "both named [cannot-read], the good games read", run);
}

TEST_CASE("a FIFO and a dangling symlink named like game records do not hang the walk",
          "[reliability]") {
    const TempDir dir;
    dir.write("games/a-good.sgf", good_game("A"));
    REQUIRE(::mkfifo((dir.path() / "games" / "b-fifo.sgf").c_str(), 0644) == 0);
    std::filesystem::create_symlink(dir.path() / "nowhere.sgf",
                                    dir.path() / "games" / "c-dangling.sgf");
    dir.write("games/d-good.sgf", good_game("D"));
    ChildOptions options;
    options.timeout = std::chrono::seconds(20);
    const ChildRun run =
        run_child({"check", "--no-timings", (dir.path() / "games").string()}, options);
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games read") == 2);
    CHECK(run.err.find("b-fifo.sgf: error: not a regular file") != std::string::npos);
    CHECK(run.err.find(
              "c-dangling.sgf: error: cannot stat: No such file or directory [cannot-read]") !=
          std::string::npos);
    record_row("a FIFO and a dangling symlink named *.sgf between good files",
               "FIFO named [not-a-regular-file] (never opened), symlink named [cannot-read]", run);
}

TEST_CASE("a directory symlink loop is walked once", "[reliability]") {
    const TempDir dir;
    dir.write("games/a.sgf", good_game("A"));
    dir.write("games/sub/b.sgf", good_game("B"));
    std::filesystem::create_directory_symlink(dir.path() / "games",
                                              dir.path() / "games" / "sub" / "loop");
    std::filesystem::create_directory_symlink(dir.path() / "games" / "sub",
                                              dir.path() / "games" / "z-again");
    ChildOptions options;
    options.timeout = std::chrono::seconds(20);
    // --strict: a directory read once is no file skipped.
    const ChildRun run = run_child(
        {"check", "--no-timings", "--keep-duplicates", "--strict", (dir.path() / "games").string()},
        options);
    require_clean_exit(run);
    CHECK(run.exit_code == 0);
    CHECK(report_number(run.out, "games read") == 2);
    CHECK(report_number(run.out, "files skipped") == 0);
    CHECK(run.err.find("sub/loop: warning: directory already read") != std::string::npos);
    CHECK(run.err.find("[directory-repeated]") != std::string::npos);
    record_row("a directory symlink loop and a second link to a directory",
               "each directory read once; repeats named [directory-repeated]", run);
}

}  // namespace
}  // namespace josekic::testing
