#include <malloc.h>
#include <signal.h>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
    // glibc raises its mmap threshold to the size of each large block freed (a file buffer,
    // a stage's arrays), after which such blocks come from the arenas and stay resident when
    // freed; every thread's arena keeps its own. A fixed threshold returns large blocks to the
    // system as soon as they are freed, so a compile's peak is what it holds, not what it held.
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
    // A write past the file size limit (ulimit -f) then fails with EFBIG, which is reported and
    // cleaned up as any failed write is, instead of killing the process where it stands (with
    // a half-written set left behind).
    ::signal(SIGXFSZ, SIG_IGN);
    return josekic::cli::run(argc, argv);
}
