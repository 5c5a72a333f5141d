#include "cli/explore_launcher.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

#include "cli/explore_arguments.hpp"

namespace josekic::cli {

namespace {

// The places josekic-explore is looked for: beside this program (the build tree), then where
// `cmake --install` puts it (cli/CMakeLists.txt).
std::vector<std::filesystem::path> explore_places() {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    const fs::path here = error ? fs::path(".") : self.parent_path();
    return {here / "josekic-explore",
            (here / ".." / "libexec" / "josekic" / "josekic-explore").lexically_normal()};
}

}  // namespace

ExitStatus exec_explore(const std::vector<std::string>& args) {
    // The help and a bad command line are answered here: they need no server.
    if (!parse_explore_arguments(args)) return ExitStatus::Ok;
    const std::vector<std::filesystem::path> places = explore_places();
    const auto found = std::find_if(places.begin(), places.end(), [](const auto& place) {
        return ::access(place.c_str(), X_OK) == 0;
    });
    if (found == places.end()) {
        std::cerr << "josekic: error: cannot start josekic-explore, the program that serves the "
                     "explorer: it is neither beside josekic ("
                  << places[0].string() << ") nor where `cmake --install` puts it ("
                  << places[1].string() << ")\n";
        return ExitStatus::Error;
    }
    const std::filesystem::path& program = *found;
    std::vector<char*> argv;
    std::string name = "josekic-explore";
    argv.push_back(name.data());
    std::vector<std::string> words = args;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::cout.flush();
    ::execv(program.c_str(), argv.data());
    std::cerr << "josekic: error: cannot start " << program.string()
              << ", the program that serves the explorer: " << std::strerror(errno) << "\n";
    return ExitStatus::Error;
}

}  // namespace josekic::cli
