#include "cli/explore_launcher.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/explore_arguments.hpp"

namespace josekic::cli {

namespace {

// Where josekic-explore is, beside this program or where `cmake --install` puts it.
std::filesystem::path explore_program() {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    const fs::path here = error ? fs::path(".") : self.parent_path();
    for (const fs::path& candidate :
         {here / "josekic-explore", here / ".." / "libexec" / "josekic" / "josekic-explore"}) {
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return here / "josekic-explore";
}

}  // namespace

ExitStatus exec_explore(const std::vector<std::string>& args) {
    // The help and a bad command line are answered here: they need no server.
    if (!parse_explore_arguments(args)) return ExitStatus::Ok;
    const std::filesystem::path program = explore_program();
    std::vector<char*> argv;
    std::string name = "josekic-explore";
    argv.push_back(name.data());
    std::vector<std::string> words = args;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::cout.flush();
    ::execv(program.c_str(), argv.data());
    std::cerr << "josekic: error: cannot start " << program.string()
              << ", the program that serves the explorer: " << std::strerror(errno)
              << " (install it beside josekic, as `cmake --install` does)\n";
    return ExitStatus::Error;
}

}  // namespace josekic::cli
