#include "emit/sgf_text.hpp"

namespace josekic::emit {

void append_escaped(std::string& out, std::string_view text, ValueKind kind) {
    out.reserve(out.size() + text.size());
    // Runs without a byte to escape are appended whole: this runs for every comment of
    // dictionaries of hundreds of megabytes, and byte-by-byte appends dominated emit.
    const auto special = [kind](char c) {
        return c == '\r' || c == '\\' || c == ']' || (c == ':' && kind == ValueKind::Composed);
    };
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!special(c)) continue;
        out.append(text.data() + run, i - run);
        run = i + 1;
        if (c == '\r') {
            // CRLF and lone CR both become LF: the output uses LF line breaks only.
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') run = ++i + 1;
            continue;
        }
        out += '\\';
        out += c;
    }
    out.append(text.data() + run, text.size() - run);
}

std::string escaped(std::string_view text, ValueKind kind) {
    std::string out;
    append_escaped(out, text, kind);
    return out;
}

}  // namespace josekic::emit
