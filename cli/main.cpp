#include "cli/cli.hpp"

int main(int argc, char** argv) {
    return josekic::cli::run(argc, argv);
}
