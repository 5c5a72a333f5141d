#include "core/diag/terminal_text.hpp"

namespace josekic::diag {

namespace {

// The length of the control character that starts at `text[i]`, or 0 if there is none.
std::size_t control_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) {
        return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
    };
    if (byte(0) < 0x20 || byte(0) == 0x7F) return 1;
    // A C1 control is U+0080..U+009F: C2 80..C2 9F in UTF-8.
    if (byte(0) == 0xC2 && byte(1) >= 0x80 && byte(1) <= 0x9F) return 2;
    // U+2028..U+202E: E2 80 A8..AE; U+2066..U+2069: E2 81 A6..A9.
    if (byte(0) == 0xE2 && byte(1) == 0x80 && byte(2) >= 0xA8 && byte(2) <= 0xAE) return 3;
    if (byte(0) == 0xE2 && byte(1) == 0x81 && byte(2) >= 0xA6 && byte(2) <= 0xA9) return 3;
    return 0;
}

}  // namespace

std::string terminal_text(std::string_view text) {
    constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t length = control_length(text, i); length > 0) {
            out += kReplacement;
            i += length;
        } else {
            out += text[i++];
        }
    }
    return out;
}

}  // namespace josekic::diag
