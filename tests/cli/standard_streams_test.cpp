#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/run_binary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using josekic::testing::run_josekic;
using josekic::testing::run_josekic_with_stdout;
using josekic::testing::shell_quote;

namespace {

std::string samples() {
    return shell_quote(std::string(JOSEKIC_SOURCE_DIR) + "/samples");
}

// A run whose stdout went to /dev/full: the failure must be an exit 1 with a message.
void check_lost_output_fails(const std::string& arguments) {
    INFO("josekic " << arguments << " >/dev/full");
    const auto run = run_josekic_with_stdout(arguments, ">/dev/full");
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("cannot write the standard output") != std::string::npos);
}

// The write end of a pipe whose read end is already closed, as `| head` leaves it once
// head has read its fill; closed again when it goes out of scope.
class ClosedPipe {
  public:
    ClosedPipe() {
        int ends[2];
        REQUIRE(::pipe(ends) == 0);
        ::close(ends[0]);
        write_end_ = ends[1];
    }
    ~ClosedPipe() { ::close(write_end_); }
    ClosedPipe(const ClosedPipe&) = delete;
    ClosedPipe& operator=(const ClosedPipe&) = delete;
    /// The shell redirection of stdout into the pipe.
    std::string redirect() const { return ">&" + std::to_string(write_end_); }

  private:
    int write_end_ = -1;
};

}  // namespace

TEST_CASE("every command exits 1 with a message when its standard output is lost", "[e2e][cli]") {
    if (!std::filesystem::exists("/dev/full")) {
        WARN("skipped: /dev/full does not exist on this system");
        return;
    }
    const josekic::test_support::TempDir dir;
    const std::string out = shell_quote((dir.path() / "out").string());
    check_lost_output_fails("check " + samples() + " --json --quiet");
    check_lost_output_fails("check " + samples() + " --quiet");
    check_lost_output_fails("compile " + samples() + " -o " + out + " --quiet");
    check_lost_output_fails("zones --map");
    check_lost_output_fails("zones");
    check_lost_output_fails("--help");
    check_lost_output_fails("help compile");
    check_lost_output_fails("check --help");
    check_lost_output_fails("--version");
    // prune needs a dictionary: the compile above wrote one.
    REQUIRE(run_josekic("compile " + samples() + " -o " + out + " --quiet").exit_code == 0);
    check_lost_output_fails("prune " + out + "/joseki.sgf --min-count 2 --dry-run");
}

TEST_CASE("the same commands exit 0 when their standard output arrives", "[e2e][cli]") {
    CHECK(run_josekic("zones --map").exit_code == 0);
    CHECK(run_josekic("--help").exit_code == 0);
    CHECK(run_josekic("check " + samples() + " --json --quiet").exit_code == 0);
}

TEST_CASE("a closed pipe on standard output ends the program without a message", "[e2e][cli]") {
    const ClosedPipe pipe;
    for (const std::string& arguments :
         std::vector<std::string>{"--help", "zones", "check " + samples() + " --quiet"}) {
        INFO("josekic " << arguments << " | (closed)");
        const auto run = run_josekic_with_stdout(arguments, pipe.redirect());
        CHECK(run.exit_code != 0);
        CHECK(run.err.empty());
    }
}

TEST_CASE("a closed pipe ends the program quietly even when the caller ignores SIGPIPE",
          "[e2e][cli]") {
    const ClosedPipe pipe;
    const josekic::test_support::TempDir dir;
    const std::string err = (dir.path() / "err").string();
    const std::string command = "trap '' PIPE; '" + std::string(JOSEKIC_BINARY) + "' --help " +
                                pipe.redirect() + " 2>'" + err + "'";
    // The shell passes its ignored SIGPIPE on to the program it starts.
    const int status = std::system(command.c_str());
    CHECK(status != 0);
    CHECK(josekic::test_support::slurp(err).empty());
}
