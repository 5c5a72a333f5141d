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
            files[fs::relative(entry.path(), dir).string()] = slurp(entry.path());
    }
    return files;
}

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
        CHECK(run.err.find("josekic: error:") != std::string::npos);
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
        CHECK(run.err.find("josekic: error: cannot write " + (locked / "joseki.sgf").string() +
                           ": cannot create a temporary file in " + locked.string() +
                           ": Permission denied") != std::string::npos);
        CHECK(slurp(locked / "joseki.sgf") == "previous");
        record_row("compile into a read-only directory (run as nobody)",
                   "exit 1, 'cannot write .../joseki.sgf: cannot create a temporary file ...: "
                   "Permission denied'",
                   run);
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
    const auto complete = snapshot(reference);
    REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    const auto previous = snapshot(out);

    // Time one uninterrupted run, then interrupt runs at points spread over it.
    const TempDir timing;
    const double seconds =
        run_child({"compile", (dir.path() / "new").string(), "-o", (timing.path() / "o").string()})
            .seconds;
    int interrupted = 0;
    for (int step = 1; step <= 6; ++step) {
        ChildOptions options;
        const int signal_number = step % 2 == 0 ? SIGINT : SIGTERM;
        options.signal_after = {
            signal_number, std::chrono::milliseconds(static_cast<long>(seconds * 1000 * step / 7))};
        const ChildRun run =
            run_child({"compile", (dir.path() / "new").string(), "-o", out}, options);
        INFO("step " << step << " of a " << seconds << " s run: exit " << run.exit_code
                     << ", signal " << run.term_signal);
        CHECK((run.exit_code == 0 || run.term_signal == signal_number));
        if (run.term_signal != 0) ++interrupted;
        CHECK(temporaries(out).empty());
        for (const auto& [name, bytes] : snapshot(out)) {
            INFO(name);
            const bool old_whole = previous.count(name) == 1 && previous.at(name) == bytes;
            const bool new_whole = complete.count(name) == 1 && complete.at(name) == bytes;
            CHECK((old_whole || new_whole));
        }
        // Put the old output back for the next step.
        fs::remove_all(out);
        REQUIRE(run_child({"compile", (dir.path() / "old").string(), "-o", out}).exit_code == 0);
    }
    INFO("interrupted runs: " << interrupted);
    CHECK(interrupted > 0);
}

}  // namespace
}  // namespace josekic::testing
