#pragma once

// Runs the built josekic binary in a child process and measures it: exit status, the
// signal that ended it, peak resident memory (wait4's rusage, so only the child counts),
// stdout and stderr. Used by the reliability tests, which must survive a child that hangs
// (a timeout kills it) and must be able to run the child as an unprivileged user (tests run
// as root in CI, and permissions do not stop root).

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::testing {

using test_support::TempDir;

/// How to run the child.
struct ChildOptions {
    /// Killed (and reported as timed out) after this long.
    std::chrono::milliseconds timeout{60'000};
    /// When set, the child drops to this uid/gid before exec (only possible as root).
    std::optional<std::pair<uid_t, gid_t>> run_as;
    /// When set, RLIMIT_FSIZE in the child (writes past it fail with EFBIG, as on a full disk,
    /// since josekic ignores SIGXFSZ; the child keeps its default action).
    std::optional<rlim_t> max_file_size;
    /// When set, RLIMIT_AS in the child: allocations past it fail, as when memory runs out.
    std::optional<rlim_t> max_address_space;
    /// When set, this signal is sent this long after the start.
    std::optional<std::pair<int, std::chrono::milliseconds>> signal_after;
};

/// What the child did.
struct ChildRun {
    int exit_code = -1;   ///< -1 when it did not exit normally
    int term_signal = 0;  ///< the signal that ended it, 0 if none
    bool timed_out = false;
    long peak_rss_kib = 0;  ///< the child's VmHWM, polled (see run_child)
    double seconds = 0.0;
    std::string out;
    std::string err;
};

/// The uid and gid of "nobody", if the system has it.
inline std::optional<std::pair<uid_t, gid_t>> nobody() {
    const passwd* entry = ::getpwnam("nobody");
    if (entry == nullptr) return std::nullopt;
    return std::make_pair(entry->pw_uid, entry->pw_gid);
}

/// The first directory on the way to the temporary directory that users other than its
/// owner cannot enter, if any: an unprivileged child cannot reach its inputs or its program
/// there, and the tests that need one skip.
inline std::optional<std::filesystem::path> temp_dir_closed_to_others() {
    const std::filesystem::path temp = std::filesystem::temp_directory_path();
    std::filesystem::path on_the_way;
    for (const auto& part : temp) {
        on_the_way /= part;
        struct stat st {};
        if (::stat(on_the_way.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0) return on_the_way;
    }
    return std::nullopt;
}

/// Thrown by unprivileged_user_if_root when a test cannot run its child unprivileged; the
/// test skips with `why` in its message.
struct SkipUnprivileged {
    std::string why;
};

/// For a test that must run the child as an unprivileged user when it runs as root (whom
/// permissions do not stop): that user, or nothing when this process is not root. Throws
/// SkipUnprivileged when root has no such user, or that user could not reach the files.
inline std::optional<std::pair<uid_t, gid_t>> unprivileged_user_if_root() {
    if (::geteuid() != 0) return std::nullopt;
    const auto user = nobody();
    if (!user) throw SkipUnprivileged{"running as root and there is no user 'nobody'"};
    if (const auto closed = temp_dir_closed_to_others()) {
        throw SkipUnprivileged{"running as root, and 'nobody' cannot enter " + closed->string() +
                               " on the way to the temporary directory (set TMPDIR)"};
    }
    return user;
}

/// Runs JOSEKIC_BINARY with `args` (no shell: each argument is passed as is). A child that
/// runs as another user runs a copy of the binary in a temporary directory, since the
/// build tree may sit where only its owner can enter (root's home is mode 0700).
inline ChildRun run_child(const std::vector<std::string>& args, const ChildOptions& options = {}) {
    const TempDir capture;
    ::chmod(capture.str().c_str(), 0777);  // an unprivileged child must be able to write here
    const std::string out_path = (capture.path() / "out").string();
    const std::string err_path = (capture.path() / "err").string();
    std::string program = JOSEKIC_BINARY;
    if (options.run_as) {
        program = (capture.path() / "josekic").string();
        std::filesystem::copy_file(JOSEKIC_BINARY, program);
        ::chmod(program.c_str(), 0755);
    }

    std::vector<std::string> words{program};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);

    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec.
        const int in = ::open("/dev/null", O_RDONLY);
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (in < 0 || out < 0 || err < 0) ::_exit(126);
        ::dup2(in, 0);
        ::dup2(out, 1);
        ::dup2(err, 2);
        if (options.max_file_size) {
            const rlimit limit{*options.max_file_size, *options.max_file_size};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
        if (options.max_address_space) {
            const rlimit limit{*options.max_address_space, *options.max_address_space};
            ::setrlimit(RLIMIT_AS, &limit);
        }
        if (options.run_as) {
            if (::setgroups(0, nullptr) != 0 || ::setgid(options.run_as->second) != 0 ||
                ::setuid(options.run_as->first) != 0) {
                ::_exit(125);
            }
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }

    ChildRun run;
    bool signalled = false;
    int status = 0;
    // Peak memory is the child's VmHWM, read while it runs: wait4's ru_maxrss would count
    // the pages the forked child shared with this (large) test process before exec.
    const std::string status_path = "/proc/" + std::to_string(pid) + "/status";
    const std::string exe_path = "/proc/" + std::to_string(pid) + "/exe";
    const auto poll_peak = [&] {
        // Before exec the child is still a copy of this process: not yet the one measured.
        std::error_code ignored;
        if (std::filesystem::read_symlink(exe_path, ignored) != std::filesystem::path(program))
            return;
        std::ifstream in(status_path);
        std::string line;
        while (std::getline(in, line)) {
            if (line.rfind("VmHWM:", 0) == 0)
                run.peak_rss_kib = std::max(run.peak_rss_kib, std::stol(line.substr(6)));
        }
    };
    for (;;) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        poll_peak();
        const auto elapsed = std::chrono::steady_clock::now() - start;
        if (options.signal_after && !signalled && elapsed >= options.signal_after->second) {
            ::kill(pid, options.signal_after->first);
            signalled = true;
        }
        if (elapsed >= options.timeout && !run.timed_out) {
            run.timed_out = true;
            ::kill(pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) run.term_signal = WTERMSIG(status);
    run.out = test_support::slurp(out_path);
    run.err = test_support::slurp(err_path);
    return run;
}

/// Whether the heavy cases should use their small sizes (JOSEKIC_QUICK set, e.g. in the
/// sanitizer build, where everything is several times slower).
inline bool quick_mode() {
    return std::getenv("JOSEKIC_QUICK") != nullptr;
}

/// Whether this test program was built with AddressSanitizer (peak memory is then not
/// comparable: shadow memory and quarantine inflate it).
inline constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

/// Appends one row of the adversarial table to $JOSEKIC_RELIABILITY_TABLE, if set (the
/// table in the README is made this way: JOSEKIC_RELIABILITY_TABLE=t.md josekic_tests
/// "[reliability]").
inline void record_row(const std::string& input, const std::string& outcome, const ChildRun& run) {
    const char* table = std::getenv("JOSEKIC_RELIABILITY_TABLE");
    if (table == nullptr) return;
    std::ofstream out(table, std::ios::app);
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", run.seconds);
    out << "| " << input << " | " << outcome << " | exit " << run.exit_code << " | "
        << run.peak_rss_kib / 1024 << " MiB | " << seconds << " s |\n";
}

}  // namespace josekic::testing
