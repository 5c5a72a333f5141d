#include "core/dictionary/setup.hpp"

namespace josekic::dictionary {

namespace {
std::string stones(std::size_t n, const char* colour) {
    return std::to_string(n) + " " + colour + (n == 1 ? " stone" : " stones");
}
}  // namespace

std::string describe(const Setup& setup) {
    if (setup.empty()) return "no setup stones";
    std::string out;
    if (!setup.black.empty()) out = stones(setup.black.size(), "Black");
    if (!setup.white.empty()) {
        if (!out.empty()) out += ", ";
        out += stones(setup.white.size(), "White");
    }
    return out;
}

}  // namespace josekic::dictionary
