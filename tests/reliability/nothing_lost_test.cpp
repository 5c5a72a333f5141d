// Nothing lost (tag [reliability]): a run that fails or is interrupted leaves the previous
// output intact and no temporary file behind; an output that cannot be written is a clear
// error with exit status 1; inputs are never modified.

#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "emit/atomic_file.hpp"
#include "tests/reliability/adversarial_inputs.hpp"
#include "tests/reliability/child_process.hpp"
#include "tests/support/archive_maker.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::testing {

using test_support::ArchiveKind;
using test_support::make_archive;
using test_support::TempDir;
namespace {

namespace fs = std::filesystem;

using josekic::test_support::slurp;

/// Every regular file below `dir` with its bytes.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file())
            files[entry.path().lexically_relative(dir).string()] = slurp(entry.path());
    }
    return files;
}

const auto visible = test_support::visible_files;

/// Names below `dir` that look like the atomic writer's temporaries (".name.tmp-XXXXXX").
std::vector<std::string> temporaries(const fs::path& dir) {
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.path().filename().string().find(".tmp-") != std::string::npos)
            found.push_back(entry.path());
    }
    return found;
}

/// A deterministic game of `moves` moves from a small generator (different seeds, different
/// games; a move onto an occupied point just ends the game's replay).
std::string generated_game(unsigned seed, int moves) {
    std::string text = "(;GM[1]FF[4]SZ[19]PB[Seed " + std::to_string(seed) + "]";
    std::uint32_t state = seed * 2654435761u + 1;
    const char* corners[] = {"pd", "dp", "pp", "dd", "qc", "cq", "qq", "cc"};
    for (int i = 0; i < moves; ++i) {
        state = state * 1664525u + 1013904223u;
        text += (i % 2 == 0) ? ";B[" : ";W[";
        if (i < 4) {
            text += corners[(state >> 24) % 8];
        } else {
            text += static_cast<char>('a' + (state >> 8) % 19);
            text += static_cast<char>('a' + (state >> 16) % 19);
        }
        text += ']';
    }
    return text + ")";
}

/// A directory of `files` files of `games` games each.
void write_corpus(const TempDir& dir, const std::string& sub, unsigned files, unsigned games,
                  unsigned seed) {
    for (unsigned f = 0; f < files; ++f) {
        std::string text;
        for (unsigned g = 0; g < games; ++g) text += generated_game(seed + f * games + g, 60);
        dir.write(sub + "/f" + std::to_string(f) + ".sgf", text);
    }
}

TEST_CASE("a compile never changes an input's bytes or modification time", "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "in", 3, 20, 1);
    make_archive((dir.path() / "in" / "more.zip").string(), ArchiveKind::Zip,
                 {{"z.sgf", good_game()}});
    make_archive((dir.path() / "in" / "more.tar.xz").string(), ArchiveKind::TarXz,
                 {{"x.sgf", good_game("X")}});
    struct Stamp {
        std::string bytes;
        timespec mtime;
    };
    const auto stamps = [&] {
        std::map<std::string, Stamp> all;
        for (const auto& entry : fs::recursive_directory_iterator(dir.path() / "in")) {
            struct stat info {};
            ::stat(entry.path().c_str(), &info);
            all[entry.path()] =
                Stamp{entry.is_regular_file() ? slurp(entry.path()) : "", info.st_mtim};
        }
        return all;
    };
    const auto before = stamps();
    const ChildRun run =
        run_child({"compile", (dir.path() / "in").string(), "-o", (dir.path() / "out").string()});
    REQUIRE(run.exit_code == 0);
    const auto after = stamps();
    REQUIRE(after.size() == before.size());
    for (const auto& [path, stamp] : before) {
        INFO(path);
        const Stamp& now = after.at(path);
        CHECK(now.bytes == stamp.bytes);
        CHECK(now.mtime.tv_sec == stamp.mtime.tv_sec);
        CHECK(now.mtime.tv_nsec == stamp.mtime.tv_nsec);
    }
}

TEST_CASE("a compile that cannot write (file size limit) keeps the previous output",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "old", 1, 10, 100);
    write_corpus(dir, "new", 2, 40, 5000);
    const std::string out = (dir.path() / "out").string();
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    const auto previous = snapshot(out);
    REQUIRE(previous.count("joseki.sgf") == 1);

    // Writes past 16 KiB fail with EFBIG, as on a full disk (the limit binds the captured
    // stderr too, hence --quiet).
    ChildOptions options;
    options.max_file_size = 16384;
    const ChildRun run =
        run_child({"compile", "--quiet", (dir.path() / "new").string(), "-o", out}, options);
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("josekic: error: cannot write " + out) != std::string::npos);
    CHECK(run.err.find("File too large") != std::string::npos);
    CHECK(snapshot(out) == previous);
    CHECK(temporaries(out).empty());
    record_row("compile with writes failing (RLIMIT_FSIZE 16 KiB, as a full disk)",
               "exit 1, 'cannot write ...: File too large', old output intact, no temporaries",
               run);
}

TEST_CASE("a compile that runs out of memory at any point fails cleanly and keeps the old output",
          "[reliability]") {
    // AddressSanitizer reserves terabytes of address space for its shadow: no limit fits it.
    if (kSanitized) {
        WARN("skipped: RLIMIT_AS cannot be applied under AddressSanitizer");
        return;
    }
    const TempDir dir;
    write_corpus(dir, "old", 1, 10, 100);
    write_corpus(dir, "new", 4, 60, 7000);
    const std::string out = (dir.path() / "out").string();
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    // What readers see: a run that fails when memory is short may leave its staging directory
    // in DIR/.josekic (removing it needs memory too), as SIGKILL does; the next run removes it.
    const auto previous = visible(out);

    // From less than the program and its libraries need to well above a run's address space
    // (threads and malloc's arenas reserve far more than they touch), 10% apart: every stage
    // of the run meets a failed allocation or thread start at some limit.
    int failed = 0;
    int succeeded = 0;
    for (double mib = 24; mib < 1536; mib *= 1.1) {
        ChildOptions options;
        options.max_address_space = static_cast<rlim_t>(mib * 1024 * 1024);
        options.timeout = std::chrono::seconds(60);
        const ChildRun run =
            run_child({"compile", "--quiet", (dir.path() / "new").string(), "-o", out}, options);
        INFO("limit " << static_cast<int>(mib) << " MiB: " << run.err);
        REQUIRE_FALSE(run.timed_out);
        REQUIRE(run.term_signal == 0);
        if (run.exit_code == 127) {
            // The dynamic loader could not map a library: josekic never ran.
            CHECK(run.err.find("error while loading shared libraries") != std::string::npos);
            CHECK(visible(out) == previous);
            continue;
        }
        REQUIRE((run.exit_code == 0 || run.exit_code == 1));
        for (const auto& entry : fs::directory_iterator(out))  // none beside the set's names
            CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
        if (run.exit_code == 0) {
            ++succeeded;
            // The old output is replaced whole: restore it for the next limit.
            REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code ==
                    0);
            continue;
        }
        ++failed;
        // Memory is blamed, not the inputs: the directories were read to the end.
        CHECK((run.err.find("out of memory") != std::string::npos ||
               run.err.find("cannot start a thread") != std::string::npos));
        CHECK(run.err.find("[cannot-read]") == std::string::npos);
        if (run.err.find(out + " holds the new dictionary, whole") != std::string::npos) {
            // Out of memory after the commit: the new set is in, and said so.
            CHECK(visible(out) != previous);
            REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code ==
                    0);
            continue;
        }
        CHECK(run.err.find("nothing was written; " + out + " keeps what it held") !=
              std::string::npos);
        CHECK(visible(out) == previous);
    }
    CHECK(failed > 0);
    CHECK(succeeded > 0);
}

/// Unmounts a tmpfs when the test ends, however it ends.
struct Mounted {
    std::string where;
    ~Mounted() {
        if (!where.empty()) ::umount2(where.c_str(), MNT_DETACH);
    }
};

TEST_CASE("a full disk (a tiny tmpfs) gives exit 1 and keeps the previous output",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "old", 1, 2, 100);
    write_corpus(dir, "new", 2, 40, 9000);
    const fs::path out = dir.path() / "small";
    fs::create_directories(out);
    Mounted mounted;
    if (::mount("tmpfs", out.c_str(), "tmpfs", 0, "size=64k") != 0) {
        WARN("cannot mount a tmpfs here (" << std::strerror(errno)
                                           << "): full-disk case skipped; "
                                              "the file-size-limit case covers the same path");
        return;
    }
    mounted.where = out.string();
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out.string()}).exit_code ==
            0);
    const auto previous = snapshot(out);
    const ChildRun run = run_child({"compile", (dir.path() / "new").string(), "-o", out.string()});
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("No space left on device") != std::string::npos);
    CHECK(snapshot(out) == previous);
    CHECK(temporaries(out).empty());
    record_row("compile into a 64 KiB tmpfs",
               "exit 1, 'No space left on device', old output intact", run);
}

TEST_CASE("an output directory that cannot be written gives exit 1 and a clear message",
          "[reliability]") {
    const TempDir dir;
    ::chmod(dir.str().c_str(), 0755);
    const std::string input = dir.write("in/a.sgf", good_game());
    ::chmod((dir.path() / "in").c_str(), 0755);
    ::chmod(input.c_str(), 0644);

    SECTION("the output is an existing regular file") {
        const std::string file = dir.write("plain-file", "not a directory");
        const ChildRun run = run_child({"compile", input, "-o", file});
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("josekic: error: cannot write into " + file +
                           ": it is not a directory\njosekic: nothing was written") !=
              std::string::npos);
        CHECK(run.out.empty());  // said before a game is read
        CHECK(slurp(file) == "not a directory");
    }
    SECTION("the output directory is read-only") {
        const fs::path locked = dir.path() / "locked";
        fs::create_directories(locked);
        dir.write("locked/joseki.sgf", "previous");
        ::chmod(locked.c_str(), 0555);
        ChildOptions options;
        try {
            options.run_as = unprivileged_user_if_root();
        } catch (const SkipUnprivileged& skip) {
            WARN(skip.why << ": read-only output case skipped");
            return;
        }
        const ChildRun run = run_child({"compile", input, "-o", locked.string()}, options);
        INFO(run.err);
        CHECK(run.exit_code == 1);
        // Said before a game is read.
        CHECK(run.err.find("josekic: error: cannot write into " + locked.string() +
                           ": Permission denied") != std::string::npos);
        CHECK(run.out.empty());
        CHECK(slurp(locked / "joseki.sgf") == "previous");
        record_row("compile into a read-only directory (run as nobody)",
                   "exit 1 before reading, 'cannot write into DIR: Permission denied'", run);
    }
}

TEST_CASE("SIGTERM or SIGINT while a file is written removes the temporary and keeps the old file",
          "[reliability]") {
    const int signal_number = GENERATE(SIGTERM, SIGINT);
    const TempDir dir;
    const fs::path target = dir.path() / "joseki.sgf";
    dir.write("joseki.sgf", "previous contents");

    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(ready[0]);
        // As in a fresh process: Catch2 has its own handlers, and the writer installs its
        // cleanup only for signals still at their default action.
        for (const int s : {SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
        // Large enough that writing it takes far longer than the parent's pause.
        const std::string contents(std::size_t{512} << 20, 'x');
        const char byte = 1;
        (void)!::write(ready[1], &byte, 1);
        try {
            emit::write_file_atomically(target, contents);
        } catch (...) {
            ::_exit(3);
        }
        ::_exit(0);
    }
    ::close(ready[1]);
    char byte = 0;
    REQUIRE(::read(ready[0], &byte, 1) == 1);
    ::close(ready[0]);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(pid, signal_number);
    int status = 0;
    ::waitpid(pid, &status, 0);

    INFO("signal " << signal_number << ", child status " << status);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        WARN("the write finished before the signal arrived; only the end state is checked");
        CHECK(fs::file_size(target) == std::size_t{512} << 20);
    } else {
        // Died of the signal, as without the handler: the caller sees what happened.
        REQUIRE(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal_number);
        CHECK(slurp(target) == "previous contents");
    }
    CHECK(temporaries(dir.path()).empty());
}

TEST_CASE("a compile interrupted at any moment leaves old or new files, whole, and no temporaries",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "old", 1, 10, 100);
    write_corpus(dir, "new", 4, 150, 20000);
    const std::string out = (dir.path() / "out").string();
    const std::string reference = (dir.path() / "reference").string();
    REQUIRE(run_child({"compile", (dir.path() / "new").string(), "-o", reference}).exit_code == 0);
    const auto complete = visible(reference);
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    const auto previous = visible(out);

    // Time one uninterrupted run, then interrupt runs at points spread over it.
    const TempDir timing;
    const double seconds =
        run_child({"compile", (dir.path() / "new").string(), "-o", (timing.path() / "o").string()})
            .seconds;
    int interrupted = 0;
    for (int step = 1; step <= 9; ++step) {
        ChildOptions options;
        const int signal_number = step % 3 == 0 ? SIGKILL : step % 3 == 1 ? SIGTERM : SIGINT;
        options.signal_after = {signal_number, std::chrono::milliseconds(
                                                   static_cast<long>(seconds * 1000 * step / 10))};
        const ChildRun run =
            run_child({"compile", (dir.path() / "new").string(), "-o", out}, options);
        INFO("step " << step << " of a " << seconds << " s run: exit " << run.exit_code
                     << ", signal " << run.term_signal);
        CHECK((run.exit_code == 0 || run.term_signal == signal_number));
        if (run.term_signal != 0) ++interrupted;
        // SIGKILL cannot be handled: what it leaves is hidden, and the next run removes it.
        if (signal_number != SIGKILL) {
            CHECK(temporaries(out).empty());
            // The new set's directory went with the signal: one set is left, the current one.
            std::vector<std::string> sets;
            for (const auto& entry : fs::directory_iterator(fs::path(out) / ".josekic"))
                sets.push_back(entry.path().filename().string());
            CHECK(sets.size() == 2);
        }
        // The set a reader sees is the old one or the new one, whole: never a mix.
        const auto seen = visible(out);
        CHECK((seen == previous || seen == complete));
        // Put the old output back for the next step, over what the run left: whatever a
        // signal (SIGKILL too) left behind is gone after it.
        REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
        REQUIRE(visible(out) == previous);
        CHECK(temporaries(out).empty());
        std::size_t entries = 0;
        for ([[maybe_unused]] const auto& entry :
             fs::directory_iterator(fs::path(out) / ".josekic"))
            ++entries;
        CHECK(entries == 2);  // current and its set
    }
    INFO("interrupted runs: " << interrupted);
    CHECK(interrupted > 0);
}

TEST_CASE("a first compile into a new directory, interrupted, leaves no directory behind",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "new", 4, 150, 20000);
    const TempDir timing;
    const double seconds =
        run_child({"compile", (dir.path() / "new").string(), "-o", (timing.path() / "o").string()})
            .seconds;
    const auto complete = visible((timing.path() / "o").string());
    int interrupted = 0;
    for (int step = 1; step <= 6; ++step) {
        const fs::path made = dir.path() / ("made-" + std::to_string(step));
        ChildOptions options;
        const int signal_number = step % 2 == 0 ? SIGINT : SIGTERM;
        options.signal_after = {
            signal_number, std::chrono::milliseconds(static_cast<long>(seconds * 1000 * step / 7))};
        const ChildRun run = run_child(
            {"compile", (dir.path() / "new").string(), "-o", (made / "a" / "out").string()},
            options);
        INFO("step " << step << " of a " << seconds << " s run: exit " << run.exit_code
                     << ", signal " << run.term_signal);
        if (run.term_signal == signal_number) {
            ++interrupted;
            // Before its commit, the directories the run made (made/a/out and its .josekic)
            // went with it; after it, the new dictionary is there, whole.
            CHECK((!fs::exists(made) || visible((made / "a" / "out").string()) == complete));
        } else {
            CHECK(run.exit_code == 0);
        }
    }
    INFO("interrupted runs: " << interrupted);
    CHECK(interrupted > 0);
}

TEST_CASE("an update killed at any moment leaves the old dictionary or the updated one, whole",
          "[reliability][merge]") {
    const TempDir dir;
    write_corpus(dir, "a-old", 2, 100, 100);
    write_corpus(dir, "b-new", 4, 150, 20000);
    const std::string old_input = (dir.path() / "a-old").string();
    const std::string new_input = (dir.path() / "b-new").string();
    const std::string out = (dir.path() / "out").string();
    const std::string reference = (dir.path() / "reference").string();
    REQUIRE(run_child({"compile", old_input, new_input, "-o", reference}).exit_code == 0);
    const auto complete = visible(reference);
    REQUIRE(run_child({"compile", old_input, "-o", out}).exit_code == 0);
    const auto previous = visible(out);

    // Time one uninterrupted update, then kill updates at points spread over it.
    const TempDir timing;
    const std::string timed = (timing.path() / "o").string();
    REQUIRE(run_child({"compile", old_input, "-o", timed}).exit_code == 0);
    const ChildRun whole = run_child({"compile", new_input, "--update", timed});
    REQUIRE(whole.exit_code == 0);
    CHECK(visible(timed) == complete);
    int killed = 0;
    for (int step = 1; step <= 6; ++step) {
        ChildOptions options;
        options.signal_after = {
            SIGKILL, std::chrono::milliseconds(static_cast<long>(whole.seconds * 1000 * step / 7))};
        const ChildRun run = run_child({"compile", new_input, "--update", out}, options);
        INFO("step " << step << " of a " << whole.seconds << " s update: exit " << run.exit_code
                     << ", signal " << run.term_signal);
        CHECK((run.exit_code == 0 || run.term_signal == SIGKILL));
        if (run.term_signal != 0) ++killed;
        const auto seen = visible(out);
        CHECK((seen == previous || seen == complete));
        REQUIRE(run_child({"compile", old_input, "-o", out}).exit_code == 0);
        REQUIRE(visible(out) == previous);
    }
    INFO("killed updates: " << killed);
    CHECK(killed > 0);
}

TEST_CASE("an update started while another updates the same dictionary loses no games",
          "[reliability][merge]") {
    // The second run read DIR's old set while the first was still reading its new games, and
    // each then replaced DIR with the old games and its own: the first one's games were lost.
    // DIR is now locked from before it is read: the second is refused while the first runs,
    // or, if it came after, adds its games to the first's.
    const TempDir dir;
    write_corpus(dir, "a-old", 2, 50, 100);
    write_corpus(dir, "b-first", 16, 600, 20000);
    write_corpus(dir, "c-second", 1, 20, 90000);
    const auto input = [&dir](const char* name) { return (dir.path() / name).string(); };
    const std::string out = input("out");
    REQUIRE(run_child({"compile", input("a-old"), "-o", out}).exit_code == 0);
    const std::string first_only = input("first-only");
    const std::string both = input("both");
    REQUIRE(run_child({"compile", input("a-old"), input("b-first"), "-o", first_only}).exit_code ==
            0);
    REQUIRE(run_child({"compile", input("a-old"), input("b-first"), input("c-second"), "-o", both})
                .exit_code == 0);

    // How long the first update takes, on a copy.
    const std::string timed = input("timed");
    REQUIRE(run_child({"compile", input("a-old"), "-o", timed}).exit_code == 0);
    const double seconds = run_child({"compile", input("b-first"), "--update", timed}).seconds;

    ChildRun first;
    const auto started = std::chrono::steady_clock::now();
    std::thread first_thread([&] {
        first = run_child({"compile", input("b-first"), "--update", out});
    });
    // The second starts while the first reads its new games: once the first's new set is
    // there (current, its set, the new one), or a fifth of the way through its run.
    const auto sets = [&out] {
        std::size_t entries = 0;
        std::error_code error;
        for (fs::directory_iterator it(fs::path(out) / ".josekic", error), end; !error && it != end;
             it.increment(error))
            ++entries;
        return entries;
    };
    while (sets() < 3 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() <
               seconds / 5)
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    const ChildRun second = run_child({"compile", input("c-second"), "--update", out});
    first_thread.join();
    INFO("first: exit " << first.exit_code << ", " << first.seconds << " s (alone " << seconds
                        << " s); second: exit " << second.exit_code << "\n"
                        << second.err);
    REQUIRE(first.exit_code == 0);
    if (second.exit_code == 0) {
        CHECK(visible(out) == visible(both));
    } else {
        CHECK(second.exit_code == 1);
        CHECK(second.err.find("another josekic run is writing into it") != std::string::npos);
        CHECK(visible(out) == visible(first_only));
    }
}

TEST_CASE("a compile that will fail writes nothing: a missing or unreadable input, --strict",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "good", 1, 10, 100);
    const std::string out = (dir.path() / "out").string();
    REQUIRE(run_child({"compile", (dir.path() / "good").string(), "-o", out}).exit_code == 0);
    const auto previous = snapshot(out);

    SECTION("the only input does not exist (a typo: .tar.gz for .tar.xz)") {
        const std::string typo = (dir.path() / "goban.tar.gz").string();
        const ChildRun run = run_child({"compile", typo, "-o", out});
        CHECK(run.exit_code == 1);
        CHECK(run.err.find(typo + ": error: no such file or directory [input-not-found]") !=
              std::string::npos);
        CHECK(run.err.find("josekic: nothing was written") != std::string::npos);
        CHECK(run.out.empty());
        record_row("compile of a missing input into a dictionary",
                   "exit 1, [input-not-found], nothing written", run);
    }
    SECTION("one of two inputs does not exist") {
        const ChildRun run = run_child({"compile", (dir.path() / "good").string(),
                                        (dir.path() / "nonexistent").string(), "-o", out});
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("[input-not-found]") != std::string::npos);
        CHECK(run.out.empty());
    }
    SECTION("an input cannot be read") {
        const std::string closed = dir.write("closed.sgf", good_game());
        ::chmod(dir.str().c_str(), 0755);
        ::chmod((dir.path() / "good").c_str(), 0755);
        ::chmod((dir.path() / "good" / "f0.sgf").c_str(), 0644);
        ::chmod(out.c_str(), 0777);
        for (const auto& entry : fs::recursive_directory_iterator(out))
            ::chmod(entry.path().c_str(), entry.is_directory() ? 0777 : 0666);
        ::chmod(closed.c_str(), 0);
        ChildOptions options;
        try {
            options.run_as = unprivileged_user_if_root();
        } catch (const SkipUnprivileged& skip) {
            WARN(skip.why << ": unreadable input case skipped");
            return;
        }
        const ChildRun run =
            run_child({"compile", (dir.path() / "good").string(), closed, "-o", out}, options);
        INFO(run.err);
        CHECK(run.exit_code == 1);
        CHECK(run.err.find(closed + ": error: cannot read: Permission denied [cannot-read]") !=
              std::string::npos);
        CHECK(run.out.empty());
    }
    SECTION("--strict and a game that is not 19x19") {
        const std::string small = dir.write("small.sgf", "(;GM[1]FF[4]SZ[9];B[cc];W[gg])");
        const ChildRun run =
            run_child({"compile", "--strict", (dir.path() / "good").string(), small, "-o", out});
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("josekic: nothing was written") != std::string::npos);
    }
    CHECK(snapshot(out) == previous);
    CHECK(temporaries(out).empty());
}

TEST_CASE("a compile that uses no game keeps the dictionary it would replace", "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "games", 2, 10, 300);
    dir.write("empty/notes.txt", "not a game");
    const std::string out = (dir.path() / "out").string();
    REQUIRE(run_child({"compile", (dir.path() / "games").string(), "-o", out}).exit_code == 0);
    const auto previous = snapshot(out);
    // An empty folder, and filters that remove every game: exit 1, the dictionary kept.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"compile", (dir.path() / "empty").string(), "-o", out},
          std::vector<std::string>{"compile", (dir.path() / "games").string(), "--since", "2100",
                                   "-o", out}}) {
        const ChildRun run = run_child(args);
        INFO(run.err);
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("josekic: error: no game was used (read ") != std::string::npos);
        CHECK(run.err.find("keeps what it held") != std::string::npos);
        CHECK(snapshot(out) == previous);
        record_row(args[2] == "--since" ? "compile with filters that remove every game over a "
                                          "dictionary"
                                        : "compile of an empty folder over a dictionary",
                   "exit 1, 'no game was used', the dictionary kept", run);
    }
    // Into a new directory there is nothing to lose: empty dictionaries, and a warning.
    const ChildRun fresh = run_child(
        {"compile", (dir.path() / "empty").string(), "-o", (dir.path() / "new").string()});
    CHECK(fresh.exit_code == 0);
    CHECK(fresh.err.find("warning: no game was used") != std::string::npos);
    CHECK(fs::exists(dir.path() / "new" / "joseki.sgf"));
    // --update with nothing new keeps every game.
    const ChildRun update =
        run_child({"compile", (dir.path() / "empty").string(), "--update", out});
    CHECK(update.exit_code == 0);
    CHECK(update.err.find("the dictionaries are empty") == std::string::npos);
    CHECK(update.out.find("0 new games") != std::string::npos);
}

TEST_CASE("a compile whose index cannot be written keeps the whole previous set", "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "old", 1, 10, 100);
    write_corpus(dir, "new", 2, 40, 5000);
    const std::string out = (dir.path() / "out").string();
    const std::string reference = (dir.path() / "reference").string();
    // Small dictionaries (a budget of 60 nodes), a large index.
    REQUIRE(
        run_child({"compile", (dir.path() / "new").string(), "-o", reference, "--max-nodes", "60"})
            .exit_code == 0);
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    const auto previous = visible(out);
    // A size limit every dictionary fits under and the index does not: the index fails
    // after the dictionaries were written.
    std::uintmax_t largest_sgf = 0;
    for (const char* name : {"joseki.sgf", "fuseki.sgf", "report.txt"})
        largest_sgf = std::max(largest_sgf, fs::file_size(fs::path(reference) / name));
    const std::uintmax_t index_size = fs::file_size(fs::path(reference) / "index.jki");
    REQUIRE(largest_sgf < index_size);
    ChildOptions options;
    options.max_file_size = (largest_sgf + index_size) / 2;
    const ChildRun run = run_child(
        {"compile", "--quiet", (dir.path() / "new").string(), "-o", out, "--max-nodes", "60"},
        options);
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("cannot write " + out + "/index.jki: write: File too large") !=
          std::string::npos);
    CHECK(visible(out) == previous);
    CHECK(temporaries(out).empty());
}

TEST_CASE("a recompile removes the files the old set had and the new one has not",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "in", 1, 10, 100);
    const std::string in = (dir.path() / "in").string();
    const fs::path out = dir.path() / "out";
    dir.write("out/notes.txt", "mine");
    REQUIRE(
        run_child({"compile", in, "-o", out.string(), "--split", "--fuseki-handicap"}).exit_code ==
        0);
    REQUIRE(fs::exists(out / "joseki-index.txt"));
    REQUIRE(fs::exists(out / "fuseki-handicap.sgf"));
    REQUIRE(run_child({"compile", in, "-o", out.string(), "--no-index"}).exit_code == 0);
    std::vector<std::string> names;
    for (const auto& [name, bytes] : visible(out)) names.push_back(name);
    CHECK(names == std::vector<std::string>{"fuseki.sgf", "joseki.sgf", "notes.txt", "report.txt"});
    for (const auto& entry : fs::directory_iterator(out)) {
        INFO(entry.path());
        CHECK(fs::exists(entry.path()));  // no link left dangling
    }

    SECTION("files an older josekic wrote as plain files are replaced or removed too") {
        const std::string dictionary = slurp(out / "joseki.sgf");
        fs::remove_all(out);
        dir.write("out/joseki-4-4.sgf", dictionary);
        dir.write("out/joseki-3-4.sgf", dictionary);
        dir.write(
            "out/joseki-index.txt",
            "josekic joseki dictionary\nThe joseki dictionary split by first move: 9 "
            "corner sequences in all.\nfile, first move, count, share\n"
            "joseki-4-4.sgf  4-4 (hoshi)  5  55.6%\njoseki-3-4.sgf  3-4 (komoku)  4  44.4%\n");
        dir.write("out/joseki-pruned.sgf", dictionary);           // the user's, not listed
        dir.write("out/joseki-5-5.sgf", "(;GM[1]SZ[19];B[ee])");  // a game, not josekic's
        REQUIRE(run_child({"compile", in, "-o", out.string()}).exit_code == 0);
        names.clear();
        for (const auto& [name, bytes] : visible(out)) names.push_back(name);
        CHECK(names == std::vector<std::string>{"fuseki.sgf", "index.jki", "joseki-5-5.sgf",
                                                "joseki-pruned.sgf", "joseki.sgf", "report.txt"});
    }
}

TEST_CASE("lookup, review and prune refuse a dictionary whose files come from two compiles",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "a", 1, 10, 100);
    write_corpus(dir, "b", 1, 10, 7000);
    const fs::path a = dir.path() / "a-out";
    const fs::path b = dir.path() / "b-out";
    REQUIRE(run_child({"compile", (dir.path() / "a").string(), "-o", a.string()}).exit_code == 0);
    REQUIRE(run_child({"compile", (dir.path() / "b").string(), "-o", b.string()}).exit_code == 0);
    const std::string game = (dir.path() / "a" / "f0.sgf").string();
    // Each dictionary alone is answered.
    REQUIRE(run_child({"lookup", a.string(), "--moves", "pd"}).exit_code == 0);
    REQUIRE(run_child({"review", b.string(), game}).exit_code == 0);

    SECTION("lookup and review: another compile's joseki.sgf beside the index") {
        const fs::path mixed = dir.path() / "mixed";
        fs::create_directories(mixed);
        fs::copy_file(b / "joseki.sgf", mixed / "joseki.sgf");
        fs::copy_file(a / "fuseki.sgf", mixed / "fuseki.sgf");
        fs::copy_file(a / "index.jki", mixed / "index.jki");
        const ChildRun lookup = run_child({"lookup", mixed.string(), "--moves", "pd"});
        CHECK(lookup.exit_code == 1);
        CHECK(lookup.err.find("come from different compiles") != std::string::npos);
        CHECK(lookup.out.empty());
        const ChildRun review = run_child({"review", mixed.string(), game});
        CHECK(review.exit_code == 1);
        CHECK(review.err.find("come from different compiles") != std::string::npos);
        record_row("lookup on a directory mixing two compiles",
                   "exit 1, 'come from different compiles'", lookup);
    }
    SECTION("prune: the index beside the dictionary is another compile's") {
        const fs::path mixed = dir.path() / "mixed";
        fs::create_directories(mixed);
        fs::copy_file(a / "joseki.sgf", mixed / "joseki.sgf");
        fs::copy_file(b / "index.jki", mixed / "index.jki");
        const std::string pruned = (mixed / "pruned.sgf").string();
        const ChildRun run =
            run_child({"prune", (mixed / "joseki.sgf").string(), "--min-count", "2", "-o", pruned});
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("not its own index") != std::string::npos);
        CHECK(!fs::exists(pruned));
        // Beside its own index it is pruned, and the result names the same index.
        const std::string own = (a / "pruned.sgf").string();
        REQUIRE(run_child({"prune", (a / "joseki.sgf").string(), "--min-count", "2", "-o", own})
                    .exit_code == 0);
        CHECK(run_child({"lookup", a.string(), "--moves", "pd"}).exit_code == 0);
    }
}

TEST_CASE("a compile never reads the dictionaries josekic wrote, and says how many it left out",
          "[reliability]") {
    const TempDir dir;
    write_corpus(dir, "games", 2, 10, 100);
    const std::string games = (dir.path() / "games").string();
    const auto used = [](const ChildRun& run) {
        const std::size_t at = run.out.find("; used ");
        return at == std::string::npos ? std::string() : run.out.substr(at, 12);
    };
    SECTION("-o inside an input directory") {
        const std::string out = games + "/dictionary";
        const ChildRun first = run_child({"compile", games, "-o", out});
        REQUIRE(first.exit_code == 0);
        const ChildRun second = run_child({"compile", games, "-o", out});
        INFO(second.out);
        CHECK(second.exit_code == 0);
        CHECK(used(second) == used(first));
        CHECK(second.out.find("(2 files written by josekic left out: not games)") !=
              std::string::npos);
        CHECK(slurp(out + "/report.txt").find("josekic's own files") != std::string::npos);
        record_row("compile with -o inside the input, twice", "the same games; 2 files left out",
                   second);
    }
    SECTION("-o equal to the input directory") {
        const ChildRun first = run_child({"compile", games, "-o", games});
        REQUIRE(first.exit_code == 0);
        const ChildRun second = run_child({"compile", games, "-o", games});
        CHECK(second.exit_code == 0);
        CHECK(used(second) == used(first));
    }
    SECTION("a compiled dictionary given as the input (README: compile fox -o fox-2017)") {
        const std::string out = (dir.path() / "fox").string();
        REQUIRE(run_child({"compile", games, "-o", out}).exit_code == 0);
        const ChildRun run = run_child({"compile", out, "-o", out + "-2017", "--since", "2017"});
        CHECK(run.out.find("read 0 games in 0 files (2 files written by josekic left out") !=
              std::string::npos);
    }
}

}  // namespace
}  // namespace josekic::testing
