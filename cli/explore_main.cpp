// josekic-explore: the program `josekic explore` starts (cli/explore_launcher.hpp), so that
// only it loads the HTTP server's libraries.
#include <malloc.h>

#include "cli/cli.hpp"
#include "cli/explore_command.hpp"

int main(int argc, char** argv) {
    // As josekic's main: large blocks go back to the system when freed.
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
    return josekic::cli::run_one(argc, argv, josekic::cli::run_explore);
}
