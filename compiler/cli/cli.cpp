#include "compiler/cli/cli.hpp"

#include <iostream>

namespace josekic::cli {

int run(int argc, char** argv) {
    (void)argv;
    std::cerr << "josekic " << JOSEKIC_VERSION << ": command line not built yet\n";
    return argc > 1 ? 1 : 2;
}

}  // namespace josekic::cli
