#include "core/diag/terminal_text.hpp"

#include <algorithm>

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

// The length of the UTF-8 character that starts at `text[i]` (1 for ASCII), or 0 when the
// bytes there are none (a byte of a file name in another charset, a character cut short).
// Shown alone, 0x9B is a CSI to a terminal that reads Latin-1.
std::size_t character_length(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) return 1;
    const std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                               : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                              : 0;
    if (length == 0 || i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
    return length;
}

std::string replace_controls(std::string_view text, bool keep_line_feeds) {
    constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t control = control_length(text, i);
        const std::size_t character = character_length(text, i);
        if (control > 0 && keep_line_feeds && text[i] == '\n') {
            out += '\n';
            ++i;
        } else if (control > 0 || character == 0) {
            out += kReplacement;
            i += std::max<std::size_t>(control, 1);
        } else {
            out.append(text.substr(i, character));
            i += character;
        }
    }
    return out;
}

}  // namespace

std::string terminal_text(std::string_view text) {
    return replace_controls(text, false);
}

std::string terminal_lines(std::string_view text) {
    return replace_controls(text, true);
}

}  // namespace josekic::diag
