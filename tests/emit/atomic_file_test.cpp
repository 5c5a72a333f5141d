#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include "emit/atomic_file.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
namespace fs = std::filesystem;

namespace {

using josekic::test_support::TempDir;
using test_support::slurp;

std::string failure_message(const fs::path& target, std::string_view contents) {
    try {
        emit::write_file_atomically(target, contents);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(no exception)";
}

// Runs `child` in a forked process, with SIGTERM at its default action (the test runner
// handles it), and returns the signal that ended the process: 0 when it exited.
int signal_ending(const std::function<void()>& child) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::signal(SIGTERM, SIG_DFL);
        child();
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

}  // namespace

TEST_CASE("an atomic write creates and replaces a file and leaves nothing else", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "joseki.sgf";
    emit::write_file_atomically(target, "(;GM[1])\n");
    CHECK(slurp(target) == "(;GM[1])\n");
    emit::write_file_atomically(target, "(;GM[1]FF[4])\n");
    CHECK(slurp(target) == "(;GM[1]FF[4])\n");
    CHECK(dir.entries() == 1);
    // Ordinary document permissions, not mkstemp's 0600.
    CHECK((fs::status(target).permissions() & fs::perms::owner_read) != fs::perms::none);
    CHECK((fs::status(target).permissions() & (fs::perms::group_read | fs::perms::others_read)) !=
          fs::perms::none);
}

TEST_CASE("a file written in pieces can fill in its head last, before the commit", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "index.jki";
    emit::write_file_atomically(target, "old");
    {
        emit::AtomicFile file(target);
        file.write("....");  // room for a header
        file.write("body");
        file.write_at(0, "HEAD");
        file.write_at(6, "DY");
        CHECK(file.size() == 8);
        // Only bytes already written can be overwritten.
        CHECK_THROWS_AS(file.write_at(7, "xy"), std::logic_error);
        CHECK_THROWS_AS(file.write_at(9, ""), std::logic_error);
        CHECK(slurp(target) == "old");  // nothing shows before the commit
        file.commit();
    }
    CHECK(slurp(target) == "HEADboDY");
    CHECK(dir.entries() == 1);
}

TEST_CASE("a file written in pieces can make a later part beside the part before it", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "index.jki";
    {
        emit::AtomicFile file(target);
        file.write("ab");
        file.write_ahead(5, "XY");  // the part after "cde", made before it
        file.write("c");
        file.write_ahead(7, "Z");
        CHECK(file.size() == 3);
        CHECK_THROWS_AS(file.write_ahead(2, "no"), std::logic_error);  // before the end
        file.write("de");
        file.skip_to(8);
        CHECK(file.size() == 8);
        CHECK_THROWS_AS(file.skip_to(7), std::logic_error);
        file.write("!");
        file.commit();
    }
    CHECK(slurp(target) == "abcdeXYZ!");
}

TEST_CASE("an atomic write into a missing directory names the path and the reason", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "no-such-dir" / "joseki.sgf";
    const std::string message = failure_message(target, "x");
    CHECK(message.find(target.string()) != std::string::npos);
    CHECK(message.find("No such file or directory") != std::string::npos);
}

TEST_CASE("a failed rename removes the temporary file", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "joseki.sgf";
    fs::create_directories(target / "child");  // a non-empty directory cannot be replaced by a file
    const std::string message = failure_message(target, "(;GM[1])\n");
    CHECK(message.find("cannot write " + target.string() + ": rename") != std::string::npos);
    CHECK(dir.entries() == 1);  // only the directory that was in the way
}

TEST_CASE("a full disk (file size limit) fails cleanly without a temporary file", "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "joseki.sgf";
    emit::write_file_atomically(target, "old contents\n");

    // RLIMIT_FSIZE makes write() fail with EFBIG after 4 kB, exactly like a disk that fills
    // up mid-file; SIGXFSZ would otherwise kill the test program.
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = saved;
    small.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    const std::string message = failure_message(target, std::string(1 << 20, 'x'));
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, old_handler);

    CHECK(message.find("cannot write " + target.string() + ": write: File too large") !=
          std::string::npos);
    CHECK(slurp(target) == "old contents\n");  // the old file is untouched
    CHECK(dir.entries() == 1);
}

TEST_CASE("a signal removes a guarded directory, but not one claimed for a swap", "[emit]") {
    const TempDir dir;
    const fs::path staged = dir.path() / "set-1";
    const auto stage = [&staged] {
        fs::create_directory(staged);
        std::ofstream(staged / "joseki.sgf") << "(;)";
    };
    stage();
    CHECK(signal_ending([&staged] {
              emit::DirectoryRemovedOnSignal guard(staged);
              std::raise(SIGTERM);
          }) == SIGTERM);
    CHECK_FALSE(fs::exists(staged));

    // Claimed, as a set about to be swapped in is: a signal that comes before the swap's
    // SignalsDeferred holds it back (as one taken on another thread may) waits, the directory
    // stays, and the signal ends the process once the swap is done.
    stage();
    CHECK(signal_ending([&staged] {
              emit::DirectoryRemovedOnSignal guard(staged);
              guard.claim();
              std::raise(SIGTERM);
              guard.release();
              const emit::SignalsDeferred swap_done;
          }) == SIGTERM);
    CHECK(slurp(staged / "joseki.sgf") == "(;)");
}

TEST_CASE("a signal removes a guarded directory while other threads write files into it",
          "[emit]") {
    // The handler runs on one thread while the others go on: a file one of them creates or
    // renames into the directory while the handler empties it must not keep it alive.
    const TempDir dir;
    int left = 0;
    for (int run = 0; run < 40; ++run) {
        const fs::path staged = dir.path() / ("set-" + std::to_string(run));
        fs::create_directory(staged);
        CHECK(signal_ending([&staged, run] {
                  emit::DirectoryRemovedOnSignal guard(staged);
                  std::vector<std::thread> writers;
                  for (int thread = 0; thread < 2; ++thread) {
                      writers.emplace_back([&staged, thread] {
                          for (long file = 0;; ++file) {
                              // A write whose temporary the handler took fails: go on.
                              try {
                                  emit::write_file_atomically(
                                      staged / (std::to_string(thread) + "-" +
                                                std::to_string(file % 64)),
                                      "(;)");
                              } catch (const std::runtime_error&) {
                              }
                          }
                      });
                  }
                  // Spread the signal over the writers' loop, 0 to 4 ms in.
                  std::this_thread::sleep_for(std::chrono::microseconds(100 * run));
                  std::raise(SIGTERM);
                  for (std::thread& writer : writers) writer.join();
              }) == SIGTERM);
        if (fs::exists(staged)) ++left;
    }
    CHECK(left == 0);
}

TEST_CASE("a write through a symbolic link replaces the file it names and keeps the link",
          "[emit]") {
    const TempDir dir;
    fs::create_directory(dir.path() / "real");
    emit::write_file_atomically(dir.path() / "real" / "out.sgf", "(;old)");
    fs::create_symlink("real/out.sgf", dir.path() / "link.sgf");
    fs::create_symlink("link.sgf", dir.path() / "link-of-link.sgf");
    emit::write_file_atomically(dir.path() / "link-of-link.sgf", "(;new)");
    CHECK(fs::is_symlink(dir.path() / "link-of-link.sgf"));
    CHECK(fs::is_symlink(dir.path() / "link.sgf"));
    CHECK(slurp(dir.path() / "real" / "out.sgf") == "(;new)");
    // A link to nothing yet: the file it names is made.
    fs::create_symlink("real/made.sgf", dir.path() / "dangling.sgf");
    emit::write_file_atomically(dir.path() / "dangling.sgf", "(;made)");
    CHECK(fs::is_symlink(dir.path() / "dangling.sgf"));
    CHECK(slurp(dir.path() / "real" / "made.sgf") == "(;made)");
    CHECK(dir.entries() == 4);
}

TEST_CASE("a write to a pipe goes through it and leaves it a pipe", "[emit]") {
    // As to a device (/dev/null, /dev/stdout): renaming a file over it would put a regular
    // file in its place.
    const TempDir dir;
    const fs::path fifo = dir.path() / "fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string read_back;
    std::thread reader([&] { read_back = slurp(fifo); });
    emit::AtomicFile file(fifo);
    file.write("(;GM[1]");
    file.write(")\n");
    CHECK_THROWS_WITH(file.write_at(0, "x"), Catch::Contains("a device or a pipe"));
    file.commit();
    reader.join();
    CHECK(read_back == "(;GM[1])\n");
    CHECK(fs::is_fifo(fifo));
    CHECK(dir.entries() == 1);
}

TEST_CASE("a signal removes a new directory of one letter and its set directory", "[emit]") {
    // The ancestors are removed up to the outermost one the run made: "T", a relative name of
    // one character, was taken for the root and left behind.
    const TempDir dir;
    const fs::path cwd = fs::current_path();
    fs::current_path(dir.path());
    fs::create_directories("T/.josekic/set-1");
    std::ofstream("T/.josekic/set-1/joseki.sgf") << "(;)";
    const int ended = signal_ending([] {
        emit::DirectoryRemovedOnSignal guard("T/.josekic/set-1", "T");
        std::raise(SIGTERM);
    });
    fs::current_path(cwd);
    CHECK(ended == SIGTERM);
    CHECK(dir.entries() == 0);
}
