#include "cli/standard_streams.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace josekic::cli {

void end_quietly_on_closed_pipe() {
    std::signal(SIGPIPE, SIG_DFL);
}

ExitStatus check_standard_streams(ExitStatus status) {
    errno = 0;
    // std::cout writes through stdio (it is synchronised with it), so its flush reaches
    // the file and sets errno when the write fails.
    std::cout.flush();
    const int out_errno = errno;
    const bool out_ok = std::cout.good() && std::ferror(stdout) == 0;
    std::cerr.flush();
    const bool err_ok = std::cerr.good() && std::ferror(stderr) == 0;
    if (out_ok && err_ok) return status;
    if (!out_ok) {
        std::string why = out_errno != 0 ? std::strerror(out_errno) : "a write failed";
        // The message goes out even after a failed write to stderr: it may be a
        // different file.
        std::cerr.clear();
        std::cerr << "josekic: error: cannot write the standard output (" << why
                  << "); the output is incomplete\n";
        std::cerr.flush();
    }
    return ExitStatus::Error;
}

bool is_standard_output(const std::string& file) {
    struct stat named {};
    struct stat standard {};
    return ::stat(file.c_str(), &named) == 0 && ::fstat(STDOUT_FILENO, &standard) == 0 &&
           named.st_dev == standard.st_dev && named.st_ino == standard.st_ino;
}

}  // namespace josekic::cli
